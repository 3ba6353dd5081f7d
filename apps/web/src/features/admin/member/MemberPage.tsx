import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { MemberCarePage } from '../../care/index.ts';
import { MemberDetailPage } from './MemberDetailPage.tsx';
import { MemberListPage } from './MemberListPage.tsx';
import { MemberReportPrintPage } from './report/MemberReportPrintPage.tsx';

/**
 * `member/*`: the list, `member/info/:id` the detail with its tabs, and `member/info/:id/<care page>`
 * the member-care area: that member's care records of one kind (SPEC §2); `member/info/:id/report`
 * the member report as a printable page.
 */
export default function MemberPage() {
  return (
    <Routes>
      <Route index element={<MemberListPage />} />
      <Route path="info/:id" element={<MemberDetailPage />} />
      <Route path="info/:id/report" element={<MemberReportPrintPage />} />
      <Route
        path="info/:id/:care"
        element={
          <Suspense fallback={<PageLoader />}>
            <MemberCarePage />
          </Suspense>
        }
      />
    </Routes>
  );
}
