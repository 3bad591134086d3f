import { builtApp, listenForBench } from '../../../bench/service-server.js'

export const start = async () => listenForBench(await builtApp('sla'))
