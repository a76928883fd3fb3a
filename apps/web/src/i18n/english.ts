import { API_ERRORS, FIELD_PROBLEMS } from '@it4u/shared';
import screens from './en.json';

/** English: the screens' texts, and the API's error texts from their one source, the shared package. */
export const english = { ...screens, apiErrors: API_ERRORS, fieldProblems: FIELD_PROBLEMS };
