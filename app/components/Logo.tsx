import { useId } from "react";

/** The brand mark: a play triangle inside signal arcs, in the accent gradient. */
export function Logo({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M12.5 10.5v11l9-5.5z" fill="#fff" />
      <path
        d="M7.5 9.5a10 10 0 0 0 0 13M24.5 9.5a10 10 0 0 1 0 13"
        stroke="#fff"
        strokeOpacity=".7"
        strokeWidth="1.8"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
