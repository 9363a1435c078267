/**
 * Everything the form does on Apply and on 'Hire a Broker', in one module the page downloads after it
 * is drawn (the first click waits for it only if it comes within the first moments).
 */
export { checkPromo, somethingWrong, submitPayment } from './submit.ts';
