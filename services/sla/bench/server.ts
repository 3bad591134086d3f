import { listenForBench } from '../../../bench/service-server.js'
import { buildApp } from '../src/app.js'

export const start = () => listenForBench(buildApp)
