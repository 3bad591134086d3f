// Written by test/domain/calendar-gaps.test.ts from what date-holidays gives, year by year: do not edit by hand.
// SLA_UPDATE_GAPS=1 pnpm exec vitest run --project sla test/domain/calendar-gaps.test.ts writes it again.
export const MEASURED = {
  dateHolidays: '3.37.0',
  baseline: [2025, 2026],
  calendars: {
    'AD-03': [
      { from: 2027, cause: 'ended', missing: ['Encamp Town Festival'] }
    ],
    'AD-07': [
      { from: 2027, cause: 'ended', missing: ['Andorra La Vella Festival'] }
    ],
    AE: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'First day of Ramadan',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    AL: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    AZ: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    BA: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'BA-BIH': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'BA-BIH-W': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'BA-BRC': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'BA-SRP': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    BD: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Ashura',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    BF: [
      { from: 2077, cause: 'islamic', missing: ['Birthday of Muhammad (Mawlid)', 'End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    BH: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Arafat Day',
          'Birthday of Muhammad (Mawlid)',
          'Day of Ashura',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    BI: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    BJ: [
      { from: 2077, cause: 'islamic', missing: ['Birthday of Muhammad (Mawlid)', 'End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    BN: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'First day of Ramadan',
          'Islamic New Year',
          'Laylat al-Mi\'raj',
          'Nuzul Al-Quran'
        ]
      }
    ],
    CC: [
      { from: 2077, cause: 'islamic', missing: ['Hari Maulaud Nabi', 'Hari Raya Haji', 'Hari Raya Puasa', 'Islamic New Year'] }
    ],
    CF: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    CI: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Laylat al-Qadr'
        ]
      }
    ],
    CM: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    CX: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    DJ: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Arafat Day',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    DZ: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Ashura',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    EG: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    EH: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    ER: [
      { from: 2077, cause: 'islamic', missing: ['Birthday of Muhammad (Mawlid)', 'End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    'ES-CE': [
      { from: 2077, cause: 'islamic', missing: ['Arafat Day'] }
    ],
    'ES-ML': [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    ET: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'First day of Ramadan'
        ]
      }
    ],
    FJ: [
      { from: 2026, cause: 'dated', missing: ['Diwali'] },
      { from: 2077, cause: 'islamic', missing: ['Birthday of Muhammad (Mawlid)'] }
    ],
    GA: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    GH: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    GM: [
      { from: 2077, cause: 'islamic', missing: ['Birthday of Muhammad (Mawlid)', 'Day of Ashura', 'Korité', 'Lailat al-Qadr', 'Tabaski'] }
    ],
    GN: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Laylat al-Qadr'
        ]
      }
    ],
    GW: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    GY: [
      { from: 2077, cause: 'islamic', missing: ['Eid Ul Adha', 'Youman Nabi'] }
    ],
    ID: [
      { from: 2028, cause: 'dated', missing: ['Nyepi', 'Vesak Day'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    IL: [
      {
        from: 2100,
        cause: 'hebrew',
        missing: [
          'Day of Atonement (Yom Kippur)',
          'Feast of Tabernacles (Sukkot)',
          'Independence Day (Yom HaAtzmaut)',
          'Mimouna, Seventh day of Passover',
          'Passover (Pesach)',
          'Rosh Hashanah (Day 2)',
          'Rosh Hashanah (Yom Teruah)',
          'Shavuot (Feast of Weeks)',
          'Simchat Torah/ Shmini Atzeret'
        ]
      }
    ],
    IR: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Arbaeen-e Hosseini',
          'Ashoura',
          'Birthday of Imam Ali',
          'Birthday of Imam Mahdi',
          'Birthday of Muhammad Prophet',
          'Demise of Prophet Muhammad and Imam Hassan (Mujtaba)',
          'Eid al-Ghadeer',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Holyday for Fetr Eeid',
          'Mabaas of Muhammad',
          'Martyrdom of Fatima-Zahara',
          'Martyrdom of Imam Ali',
          'Martyrdom of Imam Hassan',
          'Martyrdom of Imam Jafar',
          'Martyrdom of Imam Reza',
          'Tasoua'
        ]
      }
    ],
    KE: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    KM: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    KY: [
      { from: 2027, cause: 'dated', missing: ['Queen\'s Birthday'] }
    ],
    KZ: [
      { from: 2077, cause: 'islamic', missing: ['Eid al-Adha'] }
    ],
    LY: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Arafat Day',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    MA: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    ME: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] },
      { from: 2100, cause: 'hebrew', missing: ['Pesach', 'Yom Kippur'] }
    ],
    MG: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    MK: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)'] }
    ],
    ML: [
      { from: 2077, cause: 'islamic', missing: ['Birthday of Muhammad (Mawlid)', 'End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    MR: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    MU: [
      { from: 2051, cause: 'ended', missing: ['Divali', 'Ganesh Chaturthi', 'Maha Shivaratree', 'Thaipoosam Cavadee', 'Ugadi'] },
      { from: 2077, cause: 'islamic', missing: ['Eid-Ul-Fitr'] }
    ],
    MW: [
      { from: 2077, cause: 'islamic', missing: ['Eid al Fitri'] }
    ],
    MY: [
      { from: 2027, cause: 'dated', missing: ['Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-01': [
      { from: 2027, cause: 'dated', missing: ['Thaipusam', 'Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'First day of Ramadan',
          'Hari Hol of Sultan Iskandar of Johor',
          'Islamic New Year'
        ]
      }
    ],
    'MY-02': [
      { from: 2027, cause: 'dated', missing: ['Thaipusam', 'Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'First day of Ramadan',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    'MY-03': [
      { from: 2027, cause: 'dated', missing: ['Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-04': [
      { from: 2027, cause: 'dated', missing: ['Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'First day of Ramadan',
          'Islamic New Year'
        ]
      }
    ],
    'MY-05': [
      { from: 2027, cause: 'dated', missing: ['Thaipusam', 'Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    'MY-06': [
      { from: 2027, cause: 'dated', missing: ['Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-07': [
      { from: 2027, cause: 'dated', missing: ['Thaipusam', 'Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-08': [
      { from: 2027, cause: 'dated', missing: ['Thaipusam', 'Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-09': [
      { from: 2027, cause: 'dated', missing: ['Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    'MY-10': [
      { from: 2027, cause: 'dated', missing: ['Thaipusam', 'Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-11': [
      { from: 2027, cause: 'dated', missing: ['Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Arafat Day',
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    'MY-12': [
      { from: 2027, cause: 'dated', missing: ['Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-13': [
      { from: 2027, cause: 'dated', missing: ['Deepavali', 'Vesak Day'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-14': [
      { from: 2027, cause: 'dated', missing: ['Thaipusam', 'Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-15': [
      { from: 2027, cause: 'dated', missing: ['Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    'MY-16': [
      { from: 2027, cause: 'dated', missing: ['Thaipusam', 'Vesak Day'] },
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Nuzul Al-Quran',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    NE: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Qadr'
        ]
      }
    ],
    NG: [
      { from: 2077, cause: 'islamic', missing: ['Birthday of Muhammad (Mawlid)', 'Id el Fitr', 'Id el Kabir', 'Islamic New Year'] }
    ],
    NZ: [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-AUK': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-BOP': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-CAN': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-CAN-Timaru': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-CIT': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-GIS': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-HKB': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-MBH': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-MWT': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-NSN': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-NTL': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-OTA': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-STL': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-TAS': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-TKI': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-WGN': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-WKO': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-WTC': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    'NZ-WTC-Buller': [
      { from: 2053, cause: 'dated', missing: ['Matariki'] }
    ],
    PH: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    PK: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Ashura',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    'PK-BA': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Ashura',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    'PK-GB': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Ashura',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    'PK-IS': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Ashura',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    'PK-JK': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Ashura',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    'PK-KP': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Ashura',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    'PK-PB': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Ashura',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    'PK-SD': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Ashura',
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    'RU-AD': [
      { from: 2077, cause: 'islamic', missing: ['Kurban-Bayram', 'Uraza-Bayram'] }
    ],
    'RU-BA': [
      { from: 2077, cause: 'islamic', missing: ['Kurban-Bayram', 'Uraza-Bayram'] }
    ],
    'RU-BRY': [
      { from: 2027, cause: 'dated', missing: ['Radonitsa - Day of Special Remembrance of the Departed'] }
    ],
    'RU-BU': [
      { from: 2027, cause: 'dated', missing: ['White Month Festival (Sagaalgan)'] }
    ],
    'RU-CE': [
      { from: 2077, cause: 'islamic', missing: ['Kurban-Bayram', 'Uraza-Bayram'] }
    ],
    'RU-CR': [
      { from: 2077, cause: 'islamic', missing: ['Kurban-Bayram', 'Uraza-Bayram'] }
    ],
    'RU-DA': [
      { from: 2077, cause: 'islamic', missing: ['Kurban-Bayram', 'Uraza-Bayram'] }
    ],
    'RU-IN': [
      { from: 2077, cause: 'islamic', missing: ['Eid al-Adha (Ghurba)', 'Eid al-Fitr (Markhash)'] }
    ],
    'RU-IRK': [
      { from: 2027, cause: 'dated', missing: ['Unity Day of Remembrance'] }
    ],
    'RU-KB': [
      { from: 2077, cause: 'islamic', missing: ['Kurban-Bayram', 'Uraza-Bayram'] }
    ],
    'RU-KC': [
      { from: 2077, cause: 'islamic', missing: ['Kurban-Bayram', 'Uraza-Bayram'] }
    ],
    'RU-KDA': [
      { from: 2027, cause: 'dated', missing: ['Radonitsa - Day of Remembrance of the Departed'] }
    ],
    'RU-KL': [
      { from: 2026, cause: 'dated', missing: ['Zul'] },
      { from: 2027, cause: 'dated', missing: ['Birthday of Buddha Shakyamuni', 'Tsagan Sar'] }
    ],
    'RU-NO': [
      { from: 2027, cause: 'dated', missing: ['First Monday of the Uastyrdzhi (Djeorguiba) Festival'] }
    ],
    'RU-OMS': [
      { from: 2027, cause: 'dated', missing: ['Radonitsa - Day of Special Remembrance of the Departed'] }
    ],
    'RU-PNZ': [
      { from: 2027, cause: 'dated', missing: ['Unified Day of Remembrance of the Departed'] }
    ],
    'RU-SAR': [
      { from: 2027, cause: 'dated', missing: ['Radonitsa - Day of Special Remembrance of the Departed'] }
    ],
    'RU-STA': [
      { from: 2027, cause: 'dated', missing: ['Radonitsa - Day of Remembrance of the Departed'] }
    ],
    'RU-TA': [
      { from: 2077, cause: 'islamic', missing: ['Kurban-Bayram', 'Uraza-Bayram'] }
    ],
    'RU-TY': [
      { from: 2027, cause: 'dated', missing: ['Constitution Day of the Republic of Tuva', 'Naadym', 'Shagaa'] }
    ],
    'RU-ZAB': [
      { from: 2027, cause: 'dated', missing: ['White Month Festival (Sagaalgan)'] }
    ],
    RW: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    SA: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    SD: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    SG: [
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      { from: 2077, cause: 'islamic', missing: ['Hari Raya Haji', 'Hari Raya Puasa'] }
    ],
    SL: [
      { from: 2077, cause: 'islamic', missing: ['Korité', 'Mawlid', 'Tabaski'] }
    ],
    SN: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Ashura',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Magal de Touba'
        ]
      }
    ],
    SO: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'Day of Ashura',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)'
        ]
      }
    ],
    'SO-AW': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    'SO-SA': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    'SO-SO': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    'SO-TO': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    'SO-WO': [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year',
          'Laylat al-Mi\'raj'
        ]
      }
    ],
    SR: [
      { from: 2031, cause: 'dated', missing: ['Deepavali', 'Holi Phagwa'] },
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    SS: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    TD: [
      { from: 2077, cause: 'islamic', missing: ['Birthday of Muhammad (Mawlid)', 'End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    TG: [
      { from: 2077, cause: 'islamic', missing: ['Birthday of Muhammad (Mawlid)', 'End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    TH: [
      { from: 2027, cause: 'dated', missing: ['Asalha Puja', 'Buddhist Lent', 'Makha Bucha', 'Vesak Day'] }
    ],
    TN: [
      {
        from: 2077,
        cause: 'islamic',
        missing: [
          'Birthday of Muhammad (Mawlid)',
          'End of Ramadan (Eid al-Fitr)',
          'Feast of the Sacrifice (Eid al-Adha)',
          'Islamic New Year'
        ]
      }
    ],
    TR: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    TT: [
      { from: 2031, cause: 'dated', missing: ['Deepavali'] },
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)'] }
    ],
    TZ: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)', 'Maulid Day'] }
    ],
    UG: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ],
    UZ: [
      { from: 2077, cause: 'islamic', missing: ['Eid al-Adha', 'Eid al-Fitr'] }
    ],
    VA: [
      { from: 2026, cause: 'ended', missing: ['Anniversary of the election of Pope Francis', 'Saint George - Name day of the Holy Father'] }
    ],
    XK: [
      { from: 2077, cause: 'islamic', missing: ['End of Ramadan (Eid al-Fitr)', 'Feast of the Sacrifice (Eid al-Adha)'] }
    ]
  }
} as const
