import { fuzzRoutes } from './test/routeFuzz.ts';

// half 1 of the route fuzz (test/routeFuzz.ts): every route with bad input, never a 5xx nor a hang
fuzzRoutes(0);
