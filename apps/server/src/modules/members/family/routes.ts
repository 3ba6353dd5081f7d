import { eq, sql } from 'drizzle-orm';
import { FamilyChannel, ValidationMessage, defaultFamilyCategories, familyContactResource } from '@vigil/contracts';
import { familyContacts } from '../../../db/schema/index.ts';
import { invalid } from '../../../http/errors.ts';
import { defineResource } from '../../../resources/define.ts';
import { LinkKind, issueLinkCode } from '../../../notify/line-codes.ts';
import { careScope, memberRecordWire, placeOnMember } from '../../care/care-common/record.ts';

const t = familyContacts;

/**
 * /user/family: a member's family contacts (issue 27 item 5). They are placed and scoped like
 * their member; a contact reached on LINE gets a one-time code to send to the organisation's bot,
 * shown on the row until they have linked.
 */
export const familyContactRoutes = defineResource({
  resource: familyContactResource,
  table: t,
  wire: {
    ...memberRecordWire(t),
    enable: t.enabled,
    line_linked: sql<boolean>`(${t.lineUserId} is not null)`,
    line_code: sql<string | null>`(select c.code from line_link_codes c where c.kind = ${LinkKind.family} and c.target_id = ${t.id} and c.expires_at > now() limit 1)`,
  },
  scope: careScope(t),
  enable: 'enabled',
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action !== 'create' && action !== 'update') return values;
    const channel = values.channel ?? before?.channel;
    const email = values.email !== undefined ? values.email : before?.email;
    if (channel === FamilyChannel.email && !email) throw invalid([{ field: 'email', message: ValidationMessage.required }]);
    const emailFix = values.email === '' ? { email: null } : {};
    if (action === 'update') return { ...values, ...emailFix };
    return { ...values, ...emailFix, categories: values.categories ?? defaultFamilyCategories, ...(await placeOnMember(tx, principal, values.memberId!)) };
  },
  afterWrite: async ({ tx, after }) => {
    if (!after || after.channel !== FamilyChannel.line || after.line_linked || after.line_code) return;
    await issueLinkCode(tx, after.org_id, LinkKind.family, after.id);
  },
  search: { name: t.name, keyword: [t.name, t.relation] },
  filters: { user_id: (v) => eq(t.memberId, v) },
  history: { member: 'member_id' },
});
