import { type ReactNode, useState } from 'react';
import { AbnormalDetailDialog } from './AbnormalDetailDialog.tsx';
import { HandleDialog } from './HandleDialog.tsx';

export type AbnormalActions = { showDetail: (id: number) => void; handle: (id: number) => void };

/**
 * Owns the detail and handle dialogs for a view (feed or log), so both open the same way from
 * anywhere: the detail's handle button closes the detail and opens the handle dialog.
 */
export function AbnormalActionsHost({ children }: { children: (actions: AbnormalActions) => ReactNode }) {
  const [detailId, setDetailId] = useState<number | null>(null);
  const [handleId, setHandleId] = useState<number | null>(null);
  return (
    <>
      {children({ showDetail: setDetailId, handle: setHandleId })}
      <AbnormalDetailDialog
        abnormalId={detailId}
        onClose={() => setDetailId(null)}
        onHandle={(id) => {
          setDetailId(null);
          setHandleId(id);
        }}
      />
      <HandleDialog abnormalId={handleId} onClose={() => setHandleId(null)} />
    </>
  );
}
