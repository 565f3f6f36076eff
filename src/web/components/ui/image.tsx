import { useState, type CSSProperties, type ReactNode } from 'react';

/**
 * A picture that falls back to `fallback` when there is none or it fails to load (a deleted
 * upload, a dead logo URL): avatars show initials, team logos their first letter.
 */
export function ImageWithFallback({
  src,
  alt,
  size,
  className,
  style,
  fallback,
}: {
  src: string | null | undefined;
  alt: string;
  size: number;
  className?: string;
  style?: CSSProperties;
  fallback: ReactNode;
}) {
  // Remembers which address failed, so a new address (a new upload) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(src)}
      className={className}
      style={{ width: size, height: size, ...style }}
    />
  );
}
