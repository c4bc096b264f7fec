import { parentPort } from 'node:worker_threads'
import { checkerThread } from './content.ts'

/** A worker thread of checkInParallel: checks the content files it is sent, then their claims. */
const answer = checkerThread()
parentPort!.on('message', async (message: Parameters<typeof answer>[0]) => parentPort!.postMessage(await answer(message)))
