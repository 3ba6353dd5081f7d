import { Route, Routes } from 'react-router';
import { MemberDetailPage } from './MemberDetailPage.tsx';
import { MemberListPage } from './MemberListPage.tsx';

/** `member/*`: the list, and `member/info/:id` the detail with its tabs (SPEC §2). */
export default function MemberPage() {
  return (
    <Routes>
      <Route index element={<MemberListPage />} />
      <Route path="info/:id" element={<MemberDetailPage />} />
    </Routes>
  );
}
