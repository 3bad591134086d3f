// Cases of google/robotstxt robots_test.cc (the reference parser's own unit tests), restated as data.
// Each expectation is [user agent, url, allowed]. Test names follow the C++ TEST names.

export interface MatchCase {
  name: string
  robots: string
  expect: Array<[string, string, boolean]>
}

const fooBotDisallowAll = 'user-agent: FooBot\ndisallow: /\n'

export const matchCases: MatchCase[] = [
  {
    name: 'GoogleOnly_SystemTest: empty robots.txt allows everything',
    robots: '',
    expect: [['FooBot', '', true], ['', '', true]]
  },
  {
    name: 'GoogleOnly_SystemTest: empty agent allowed, empty url is "/"',
    robots: fooBotDisallowAll,
    expect: [['', '', true], ['FooBot', '', false]]
  },
  {
    name: 'ID_LineSyntax_Line: correct syntax',
    robots: fooBotDisallowAll,
    expect: [['FooBot', 'http://foo.bar/x/y', false]]
  },
  {
    name: 'ID_LineSyntax_Line: unknown keys are ignored',
    robots: 'foo: FooBot\nbar: /\n',
    expect: [['FooBot', 'http://foo.bar/x/y', true]]
  },
  {
    name: 'ID_LineSyntax_Line: missing colon accepted',
    robots: 'user-agent FooBot\ndisallow /\n',
    expect: [['FooBot', 'http://foo.bar/x/y', false]]
  },
  {
    name: 'ID_LineSyntax_Groups: groups merge, rules outside groups are ignored',
    robots: 'allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n',
    expect: [
      ['FooBot', 'http://foo.bar/x/b', true],
      ['FooBot', 'http://foo.bar/z/d', true],
      ['FooBot', 'http://foo.bar/y/c', false],
      ['BarBot', 'http://foo.bar/y/c', true],
      ['BarBot', 'http://foo.bar/w/a', true],
      ['BarBot', 'http://foo.bar/z/d', false],
      ['BazBot', 'http://foo.bar/z/d', true],
      ['FooBot', 'http://foo.bar/foo/bar/', false],
      ['BarBot', 'http://foo.bar/foo/bar/', false],
      ['BazBot', 'http://foo.bar/foo/bar/', false]
    ]
  },
  {
    name: 'ID_LineSyntax_Groups_OtherRules: a Sitemap line does not close a group',
    robots: 'User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n',
    expect: [['FooBot', 'http://foo.bar/', false], ['BarBot', 'http://foo.bar/', false]]
  },
  {
    name: 'ID_LineSyntax_Groups_OtherRules: an unknown line does not close a group',
    robots: 'User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n',
    expect: [['FooBot', 'http://foo.bar/', false], ['BarBot', 'http://foo.bar/', false]]
  },
  ...['USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n', 'user-agent: FooBot\nallow: /x/\ndisallow: /\n', 'uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n']
    .map((robots, i) => ({
      name: `ID_REPLineNamesCaseInsensitive #${i + 1}`,
      robots,
      expect: [['FooBot', 'http://foo.bar/x/y', true], ['FooBot', 'http://foo.bar/a/b', false]] as Array<[string, string, boolean]>
    })),
  ...['User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n', 'User-Agent: foo bar\nAllow: /x/\nDisallow: /\n', 'User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n']
    .map((robots, i) => ({
      name: `ID_UserAgentValueCaseInsensitive #${i + 1}`,
      robots,
      expect: [
        ['Foo', 'http://foo.bar/x/y', true], ['Foo', 'http://foo.bar/a/b', false],
        ['foo', 'http://foo.bar/x/y', true], ['foo', 'http://foo.bar/a/b', false]
      ] as Array<[string, string, boolean]>
    })),
  {
    name: 'GoogleOnly_AcceptUserAgentUpToFirstSpace',
    robots: 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n',
    expect: [['Foo', 'http://foo.bar/x/y', true], ['Foo Bar', 'http://foo.bar/x/y', false]]
  },
  {
    name: 'ID_GlobalGroups_Secondary: the * group applies when no group names the agent',
    robots: 'user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n',
    expect: [['FooBot', 'http://foo.bar/x/y', false], ['BarBot', 'http://foo.bar/x/y', true]]
  },
  {
    name: 'ID_GlobalGroups_Secondary: no * group and no matching group means no rules',
    robots: 'user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n',
    expect: [['QuxBot', 'http://foo.bar/x/y', true]]
  },
  {
    name: 'ID_AllowDisallow_Value_CaseSensitive: lowercase rule',
    robots: 'user-agent: FooBot\ndisallow: /x/\n',
    expect: [['FooBot', 'http://foo.bar/x/y', false]]
  },
  {
    name: 'ID_AllowDisallow_Value_CaseSensitive: uppercase rule',
    robots: 'user-agent: FooBot\ndisallow: /X/\n',
    expect: [['FooBot', 'http://foo.bar/x/y', true]]
  },
  {
    name: 'ID_LongestMatch: longer disallow wins',
    robots: 'user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n',
    expect: [['FooBot', 'http://foo.bar/x/page.html', false]]
  },
  {
    name: 'ID_LongestMatch: longer allow wins',
    robots: 'user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n',
    expect: [['FooBot', 'http://foo.bar/x/page.html', true], ['FooBot', 'http://foo.bar/x/', false]]
  },
  {
    name: 'ID_LongestMatch: empty allow and disallow tie, allow wins',
    robots: 'user-agent: FooBot\ndisallow: \nallow: \n',
    expect: [['FooBot', 'http://foo.bar/x/page.html', true]]
  },
  {
    name: 'ID_LongestMatch: equal "/" patterns, allow wins',
    robots: 'user-agent: FooBot\ndisallow: /\nallow: /\n',
    expect: [['FooBot', 'http://foo.bar/x/page.html', true]]
  },
  {
    name: 'ID_LongestMatch: /x against /x/',
    robots: 'user-agent: FooBot\ndisallow: /x\nallow: /x/\n',
    expect: [['FooBot', 'http://foo.bar/x', false], ['FooBot', 'http://foo.bar/x/', true]]
  },
  {
    name: 'ID_LongestMatch: identical patterns, allow wins',
    robots: 'user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n',
    expect: [['FooBot', 'http://foo.bar/x/page.html', true]]
  },
  {
    name: 'ID_LongestMatch: wildcard pattern longer than the allow',
    robots: 'user-agent: FooBot\nallow: /page\ndisallow: /*.html\n',
    expect: [['FooBot', 'http://foo.bar/page.html', false], ['FooBot', 'http://foo.bar/page', true]]
  },
  {
    name: 'ID_LongestMatch: allow longer than the wildcard pattern',
    robots: 'user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n',
    expect: [['FooBot', 'http://foo.bar/x/page.html', true], ['FooBot', 'http://foo.bar/x/y.html', false]]
  },
  {
    name: 'ID_LongestMatch: the specific group replaces the * group',
    robots: 'User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n',
    expect: [['FooBot', 'http://foo.bar/x/page', true], ['FooBot', 'http://foo.bar/y/page', false]]
  },
  {
    name: 'ID_Encoding: query with unencoded reserved characters',
    robots: 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n',
    expect: [['FooBot', 'http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par', true]]
  },
  {
    name: 'ID_Encoding: a 3-octet character in the rule is percent-encoded',
    robots: 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n',
    expect: [['FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true], ['FooBot', 'http://foo.bar/foo/bar/ツ', false]]
  },
  {
    name: 'ID_Encoding: a percent-encoded rule stays as is',
    robots: 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n',
    expect: [['FooBot', 'http://foo.bar/foo/bar/%E3%83%84', true], ['FooBot', 'http://foo.bar/foo/bar/ツ', false]]
  },
  {
    name: 'ID_Encoding: percent-encoded unreserved characters are not decoded',
    robots: 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n',
    expect: [['FooBot', 'http://foo.bar/foo/bar/baz', false], ['FooBot', 'http://foo.bar/foo/bar/%62%61%7A', true]]
  },
  {
    name: 'ID_SpecialCharacters: * matches any sequence',
    robots: 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n',
    expect: [
      ['FooBot', 'http://foo.bar/foo/bar/quz', false],
      ['FooBot', 'http://foo.bar/foo/quz', true],
      ['FooBot', 'http://foo.bar/foo//quz', true],
      ['FooBot', 'http://foo.bar/foo/bax/quz', true]
    ]
  },
  {
    name: 'ID_SpecialCharacters: $ anchors the end',
    robots: 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n',
    expect: [
      ['FooBot', 'http://foo.bar/foo/bar', false],
      ['FooBot', 'http://foo.bar/foo/bar/qux', true],
      ['FooBot', 'http://foo.bar/foo/bar/', true],
      ['FooBot', 'http://foo.bar/foo/bar/baz', true]
    ]
  },
  {
    name: 'ID_SpecialCharacters: # starts a comment',
    robots: 'User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n',
    expect: [['FooBot', 'http://foo.bar/foo/bar', true], ['FooBot', 'http://foo.bar/foo/quz', false]]
  },
  {
    name: 'GoogleOnly_IndexHTMLisDirectory',
    robots: 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n',
    expect: [
      ['foobot', 'http://foo.com/allowed-slash/', true],
      ['foobot', 'http://foo.com/allowed-slash/index.htm', false],
      ['foobot', 'http://foo.com/allowed-slash/index.html', true],
      ['foobot', 'http://foo.com/anyother-url', false]
    ]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: /fish',
    robots: 'user-agent: FooBot\ndisallow: /\nallow: /fish\n',
    expect: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/fish', true],
      ['FooBot', 'http://foo.bar/fish.html', true],
      ['FooBot', 'http://foo.bar/fish/salmon.html', true],
      ['FooBot', 'http://foo.bar/fishheads', true],
      ['FooBot', 'http://foo.bar/fishheads/yummy.html', true],
      ['FooBot', 'http://foo.bar/fish.html?id=anything', true],
      ['FooBot', 'http://foo.bar/Fish.asp', false],
      ['FooBot', 'http://foo.bar/catfish', false],
      ['FooBot', 'http://foo.bar/?id=fish', false]
    ]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: /fish* equals /fish',
    robots: 'user-agent: FooBot\ndisallow: /\nallow: /fish*\n',
    expect: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/fish', true],
      ['FooBot', 'http://foo.bar/fish.html', true],
      ['FooBot', 'http://foo.bar/fish/salmon.html', true],
      ['FooBot', 'http://foo.bar/fishheads', true],
      ['FooBot', 'http://foo.bar/fishheads/yummy.html', true],
      ['FooBot', 'http://foo.bar/fish.html?id=anything', true],
      ['FooBot', 'http://foo.bar/Fish.bar', false],
      ['FooBot', 'http://foo.bar/catfish', false],
      ['FooBot', 'http://foo.bar/?id=fish', false]
    ]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: /fish/ does not equal /fish',
    robots: 'user-agent: FooBot\ndisallow: /\nallow: /fish/\n',
    expect: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/fish/', true],
      ['FooBot', 'http://foo.bar/fish/salmon', true],
      ['FooBot', 'http://foo.bar/fish/?salmon', true],
      ['FooBot', 'http://foo.bar/fish/salmon.html', true],
      ['FooBot', 'http://foo.bar/fish/?id=anything', true],
      ['FooBot', 'http://foo.bar/fish', false],
      ['FooBot', 'http://foo.bar/fish.html', false],
      ['FooBot', 'http://foo.bar/Fish/Salmon.html', false]
    ]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: /*.php',
    robots: 'user-agent: FooBot\ndisallow: /\nallow: /*.php\n',
    expect: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/filename.php', true],
      ['FooBot', 'http://foo.bar/folder/filename.php', true],
      ['FooBot', 'http://foo.bar/folder/filename.php?parameters', true],
      ['FooBot', 'http://foo.bar//folder/any.php.file.html', true],
      ['FooBot', 'http://foo.bar/filename.php/', true],
      ['FooBot', 'http://foo.bar/index?f=filename.php/', true],
      ['FooBot', 'http://foo.bar/php/', false],
      ['FooBot', 'http://foo.bar/index?php', false],
      ['FooBot', 'http://foo.bar/windows.PHP', false]
    ]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: /*.php$',
    robots: 'user-agent: FooBot\ndisallow: /\nallow: /*.php$\n',
    expect: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/filename.php', true],
      ['FooBot', 'http://foo.bar/folder/filename.php', true],
      ['FooBot', 'http://foo.bar/filename.php?parameters', false],
      ['FooBot', 'http://foo.bar/filename.php/', false],
      ['FooBot', 'http://foo.bar/filename.php5', false],
      ['FooBot', 'http://foo.bar/php/', false],
      ['FooBot', 'http://foo.bar/filename?php', false],
      ['FooBot', 'http://foo.bar/aaaphpaaa', false],
      ['FooBot', 'http://foo.bar//windows.PHP', false]
    ]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: /fish*.php',
    robots: 'user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n',
    expect: [
      ['FooBot', 'http://foo.bar/bar', false],
      ['FooBot', 'http://foo.bar/fish.php', true],
      ['FooBot', 'http://foo.bar/fishheads/catfish.php?parameters', true],
      ['FooBot', 'http://foo.bar/Fish.PHP', false]
    ]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: precedence, /p beats /',
    robots: 'user-agent: FooBot\nallow: /p\ndisallow: /\n',
    expect: [['FooBot', 'http://example.com/page', true]]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: precedence, equal /folder',
    robots: 'user-agent: FooBot\nallow: /folder\ndisallow: /folder\n',
    expect: [['FooBot', 'http://example.com/folder/page', true]]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: precedence, /*.htm beats /page',
    robots: 'user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n',
    expect: [['FooBot', 'http://example.com/page.htm', false]]
  },
  {
    name: 'GoogleOnly_DocumentationChecks: precedence, /$ only the root',
    robots: 'user-agent: FooBot\nallow: /$\ndisallow: /\n',
    expect: [['FooBot', 'http://example.com/', true], ['FooBot', 'http://example.com/page.html', false]]
  }
]

/** TestGetPathParamsQuery: [url, expected path] */
export const pathCases: Array<[string, string]> = [
  ['', '/'],
  ['http://www.example.com', '/'],
  ['http://www.example.com/', '/'],
  ['http://www.example.com/a', '/a'],
  ['http://www.example.com/a/', '/a/'],
  ['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
  ['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
  ['example.com', '/'],
  ['example.com/', '/'],
  ['example.com/a', '/a'],
  ['example.com/a/', '/a/'],
  ['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
  ['a', '/'],
  ['a/', '/'],
  ['/a', '/a'],
  ['a/b', '/b'],
  ['example.com?a', '/?a'],
  ['example.com/a;b#c', '/a;b'],
  ['//a/b/c', '/b/c']
]

/** TestMaybeEscapePattern: [pattern as written (UTF-8), escaped] */
export const escapeCases: Array<[string, string]> = [
  ['http://www.example.com', 'http://www.example.com'],
  ['/a/b/c', '/a/b/c'],
  ['á', '%C3%A1'],
  ['%aa', '%AA']
]

/** ID_VerifyValidUserAgentsToObey */
export const userAgentCases: Array<[string, boolean]> = [
  ['Foobot', true], ['Foobot-Bar', true], ['Foo_Bar', true],
  ['', false], ['ツ', false], ['Foobot*', false], [' Foobot ', false], ['Foobot/2.1', false], ['Foobot Bar', false]
]
