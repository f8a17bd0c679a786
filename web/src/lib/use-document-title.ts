import { useEffect } from 'react';

/** Sets the browser tab title for the current page: "Sign In · CareLoop". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'CareLoop' ? title : `${title} · CareLoop`;
  }, [title]);
}
