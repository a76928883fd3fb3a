/** Two screens linked by a signal: the same account is open in two places. */
export function SignedInElsewhereImage() {
  return (
    <svg width="200" height="120" viewBox="0 0 200 120" aria-hidden="true" focusable="false">
      <rect x="8" y="20" width="72" height="50" rx="6" fill="#e6f4ff" stroke="#0958d9" strokeWidth="3" />
      <rect x="30" y="74" width="28" height="6" rx="3" fill="#0958d9" />
      <rect x="120" y="20" width="72" height="50" rx="6" fill="#fff7e6" stroke="#fa8c16" strokeWidth="3" />
      <rect x="142" y="74" width="28" height="6" rx="3" fill="#fa8c16" />
      <circle cx="44" cy="40" r="8" fill="#0958d9" />
      <path d="M30 60c3-9 25-9 28 0" fill="none" stroke="#0958d9" strokeWidth="3" />
      <circle cx="156" cy="40" r="8" fill="#fa8c16" />
      <path d="M142 60c3-9 25-9 28 0" fill="none" stroke="#fa8c16" strokeWidth="3" />
      <path d="M86 45h28" stroke="#8c8c8c" strokeWidth="3" strokeDasharray="4 4" />
      <text x="100" y="110" textAnchor="middle" fontSize="14" fill="#0958d9">
        ↻
      </text>
    </svg>
  );
}
