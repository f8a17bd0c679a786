import { createContext, use, useEffect } from 'react';

/** Receives the page's title while it is prerendered (web/src/app/render-page.tsx), where effects never run. */
export const DocumentTitleContext = createContext<((title: string) => void) | null>(null);

/** Sets the browser tab title for the current page: "Sign In · CareLoop". */
export function useDocumentTitle(title: string): void {
  const fullTitle = title === 'CareLoop' ? title : `${title} · CareLoop`;
  use(DocumentTitleContext)?.(fullTitle);
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}
