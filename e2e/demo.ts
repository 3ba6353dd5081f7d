// The demo world's accounts, shared by the specs and global-setup.ts.

/** docs/architecture.md "Demo mode": one account per role, all with this password. */
export const DEMO_PASSWORD = 'Demo1234';

export const demoAccounts = {
  engineer: 0,
  manager: 1,
  orgadmin: 2,
  orgarea: 3,
  orgstaff: 4,
  orgguard: 5,
  pharmadmin: 6,
  pharmstaff: 7,
  hospadmin: 8,
  hospdoctor: 9,
  clinicadmin: 10,
  clinicdoctor: 11,
  hoteladmin: 12,
  hotelarea: 13,
  guardadmin: 14,
  guardarea: 15,
  guardstaff: 16,
  aide: 17,
} as const;
export type DemoAccount = keyof typeof demoAccounts;

/** The login response body (`data` of POST /api/login), as SPEC §3 describes it. */
export type LoginData = {
  access_token: string;
  user: { name: string; headshot: string | null; id: number; org_id: number; area_id: number | null };
  api: { route: string; method: string }[];
  sidebar: { path: string; i18n: string; type: 0 | 1; name: string; lower: unknown[] }[];
  router: number;
};
