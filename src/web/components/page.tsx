/** Page container with the standard width and padding. */
export function Page({ children, narrow }: { children: React.ReactNode; narrow?: boolean }) {
  return <div className={`mx-auto w-full ${narrow ? 'max-w-3xl' : 'max-w-6xl'} px-4 py-8 sm:px-6 sm:py-10`}>{children}</div>;
}
