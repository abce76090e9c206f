/**
 * The app's icon (public/icons/icon.svg) drawn inline on the boot screen, as index.html draws
 * it before any script: it paints with the page, without a request (boot-logo.test.ts keeps
 * the three alike).
 */
export function BootLogo() {
  return (
    <svg
      className="boot__logo"
      viewBox="0 0 512 512"
      width="88"
      height="88"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="512" height="512" rx="112" fill="#c2562f" />
      <path
        d="M96 404c60-20 92-64 128-120s76-96 192-112"
        fill="none"
        stroke="#fbf5ec"
        strokeWidth="22"
        strokeLinecap="round"
        strokeDasharray="2 44"
      />
      <path
        d="M256 96c-55 0-100 43-100 97 0 74 100 183 100 183s100-109 100-183c0-54-45-97-100-97z"
        fill="#fbf5ec"
      />
      <circle cx="256" cy="192" r="38" fill="#c2562f" />
    </svg>
  );
}
