import { loadPhoneLibrary } from '#portal/lib/phone.ts';

/**
 * The pages after payment: /agent-details-questions (the broker, the questions, the e-book) and
 * /survey (the questions alone). Their strings are the `after-purchase` catalog, which the routes load;
 * the phone rules load with them, as the questions have a phone field (lib/phone.ts).
 */
export function loadAgentPage() {
  return Promise.all([import('./components/agent-page.tsx'), loadPhoneLibrary()]).then(([m]) => m);
}

export function loadSurveyPage() {
  return Promise.all([import('./components/survey-page.tsx'), loadPhoneLibrary()]).then(([m]) => m);
}
