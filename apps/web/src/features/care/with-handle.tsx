import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import type { CareHandleKind } from '@vigil/contracts';

// Loaded on first open: the registry imports this module with the app, the handle page only when used.
const CareHandlePage = lazy(() => import('./handle/CareHandlePage.tsx'));

/**
 * A record page whose `<page>/handle` is SPEC §2's handle page of its kind: the one shared handle
 * page (what is due across the members in scope), so symptom, diet, medical-record and ECG pages get
 * theirs without a page of their own.
 */
export function withCareHandle(Page: ComponentType, kind: CareHandleKind): ComponentType {
  return function PageWithHandle() {
    return (
      <Routes>
        <Route path="handle" element={<CareHandlePage kind={kind} />} />
        <Route path="*" element={<Page />} />
      </Routes>
    );
  };
}
