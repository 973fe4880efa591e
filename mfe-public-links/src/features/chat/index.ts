/** The chat's chunk: loaded by the request page when the customer opens it. */
export { Chat } from './components/Chat';
