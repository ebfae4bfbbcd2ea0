/** A spinning ring; decorative, so whoever shows it also says what is happening. */
export function Spinner({ size = 40 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 50 50"
      width={size}
      height={size}
      aria-hidden="true"
      className="[animation:spin_0.9s_linear_infinite] motion-reduce:[animation-duration:3s]"
    >
      <circle cx="25" cy="25" r="20" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="5" />
      <path d="M25 5a20 20 0 0 1 20 20" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
