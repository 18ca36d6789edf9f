import type { ReactNode } from "react";
import { Brand } from "../../components/brand.tsx";

/** The frame of the signed-out recovery pages: product mark, one centred column. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center bg-background px-4 py-12 tablet:justify-center tablet:px-8">
      <div className="w-full max-w-[420px]">
        <div className="mb-10">
          <Brand />
        </div>
        {children}
      </div>
    </main>
  );
}
