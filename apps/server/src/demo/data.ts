import { Gender, MedicalState, OrgType, Role, type StaffRole } from '@vigil/contracts';

/**
 * The demo world as plain data: organisations, the 18 accounts of docs/architecture.md "Demo mode", and 40 members.
 * Names, addresses and phone numbers are invented; any likeness to a real person is chance.
 */

export const DEMO_PASSWORD = 'Demo1234';

export type DemoOrgKey = 'operator' | 'care' | 'pharmacy' | 'hospital' | 'clinic' | 'hotel' | 'guard';

export type DemoOrg = {
  key: DemoOrgKey;
  name: string;
  type: OrgType;
  isGuard: boolean;
  phone: string;
  address: string;
  /** Exactly two areas per organisation: area-scoped roles and room devices need more than one. */
  areas: readonly [string, string];
};

export const demoOrgs: readonly DemoOrg[] = [
  {
    key: 'operator',
    name: 'Vigil 營運中心 / Vigil Operations',
    type: OrgType.manage,
    isGuard: false,
    phone: '02-2700-0000',
    address: '臺北市大安區復興南路一段 100 號',
    areas: ['系統維運組', '客服中心'],
  },
  {
    key: 'care',
    name: '松柏長照中心',
    type: OrgType.care,
    isGuard: false,
    phone: '02-2935-1234',
    address: '臺北市文山區興隆路二段 88 號',
    areas: ['一樓 A 區', '二樓 B 區'],
  },
  {
    key: 'pharmacy',
    name: '仁愛藥局',
    type: OrgType.pharmacy,
    isGuard: false,
    phone: '02-2931-5678',
    address: '臺北市文山區景興路 45 號',
    areas: ['調劑部', '外送部'],
  },
  {
    key: 'hospital',
    name: '康寧醫院',
    type: OrgType.hospital,
    isGuard: false,
    phone: '02-2709-3600',
    address: '臺北市大安區基隆路三段 155 號',
    areas: ['內科病房 7A', '外科病房 8B'],
  },
  {
    key: 'clinic',
    name: '安心診所',
    type: OrgType.clinic,
    isGuard: false,
    phone: '02-2933-2468',
    address: '臺北市文山區木柵路一段 210 號',
    areas: ['一般門診', '復健室'],
  },
  {
    key: 'hotel',
    name: '晨曦旅館',
    type: OrgType.hotel,
    isGuard: false,
    phone: '03-832-1188',
    address: '花蓮縣花蓮市中山路 320 號',
    areas: ['三樓客房', '五樓客房'],
  },
  {
    // A security company is a care-type organisation flagged is_guard (docs/data-model.md).
    key: 'guard',
    name: '守護保全',
    type: OrgType.care,
    isGuard: true,
    phone: '02-8931-7700',
    address: '新北市新店區北新路三段 66 號',
    areas: ['北區巡守隊', '南區巡守隊'],
  },
];

/**
 * Which organisations the care organisation is related to, and what each relation grants the
 * related organisation over the care organisation's members.
 */
export const demoRelations: readonly { related: DemoOrgKey; grants: string[] }[] = [
  { related: 'pharmacy', grants: ['delivery', 'members'] },
  { related: 'hospital', grants: ['members', 'abnormal'] },
  { related: 'clinic', grants: ['members', 'abnormal'] },
  { related: 'guard', grants: ['members', 'abnormal'] },
];

export type DemoAccount = {
  account: string;
  role: StaffRole;
  name: string;
  org: DemoOrgKey;
  /** Index into the organisation's areas, for area-scoped roles only. */
  area?: 0 | 1;
};

/** docs/architecture.md "Demo mode": one account per SPEC §6 role. */
export const demoAccounts: readonly DemoAccount[] = [
  { account: 'engineer', role: Role.engineer, name: '周柏宇', org: 'operator' },
  { account: 'manager', role: Role.manager, name: 'Olivia Huang', org: 'operator' },
  { account: 'orgadmin', role: Role.orgAdmin, name: '林雅婷', org: 'care' },
  { account: 'orgarea', role: Role.orgAreaAdmin, name: '陳怡君', org: 'care', area: 0 },
  { account: 'orgstaff', role: Role.orgStaff, name: '黃冠廷', org: 'care' },
  { account: 'orgguard', role: Role.orgGuard, name: '吳俊傑', org: 'care' },
  { account: 'pharmadmin', role: Role.pharmacyAdmin, name: '張家豪', org: 'pharmacy' },
  { account: 'pharmstaff', role: Role.pharmacyStaff, name: '李佩珊', org: 'pharmacy' },
  { account: 'hospadmin', role: Role.hospitalAdmin, name: '王志偉', org: 'hospital' },
  { account: 'hospdoctor', role: Role.hospitalDoctor, name: '劉宗翰', org: 'hospital' },
  { account: 'clinicadmin', role: Role.clinicAdmin, name: '蔡淑惠', org: 'clinic' },
  { account: 'clinicdoctor', role: Role.clinicDoctor, name: '楊承恩', org: 'clinic' },
  { account: 'hoteladmin', role: Role.hotelAdmin, name: '許雅雯', org: 'hotel' },
  { account: 'hotelarea', role: Role.hotelAreaAdmin, name: 'Daniel Kuo', org: 'hotel', area: 1 },
  { account: 'guardadmin', role: Role.guardAdmin, name: '鄭明哲', org: 'guard' },
  { account: 'guardarea', role: Role.guardAreaAdmin, name: '謝宏明', org: 'guard', area: 0 },
  { account: 'guardstaff', role: Role.guardStaff, name: '郭信宏', org: 'guard' },
  { account: 'aide', role: Role.nursingAide, name: '阮氏梅', org: 'care' },
];

export type DemoMemberName = { name: string; gender: Gender };

const F = Gender.female;
const M = Gender.male;

/**
 * Members per organisation, listed area by area (first half area 0, second half area 1). A few
 * English names: foreign residents and hotel guests.
 */
export const demoMemberNames: Readonly<Record<'care' | 'hospital' | 'clinic' | 'hotel' | 'guard', readonly DemoMemberName[]>> = {
  care: [
    { name: '陳美玲', gender: F },
    { name: '林志明', gender: M },
    { name: '黃麗華', gender: F },
    { name: '張國華', gender: M },
    { name: '李淑芬', gender: F },
    { name: '王榮發', gender: M },
    { name: '吳素貞', gender: F },
    { name: '劉清水', gender: M },
    { name: '蔡碧霞', gender: F },
    { name: 'Margaret Wu', gender: F },
    { name: '楊金土', gender: M },
    { name: '許阿滿', gender: F },
    { name: '鄭寶珠', gender: F },
    { name: '謝耀宗', gender: M },
    { name: '郭美雲', gender: F },
    { name: '洪永福', gender: M },
    { name: '曾秀琴', gender: F },
    { name: 'David Wilson', gender: M },
    { name: '廖麗卿', gender: F },
    { name: '陳建國', gender: M },
    { name: '賴桂英', gender: F },
    { name: '蔡明德', gender: M },
    { name: '林秀英', gender: F },
    { name: '邱俊雄', gender: M },
  ],
  hospital: [
    { name: '張玉蘭', gender: F },
    { name: '李正雄', gender: M },
    { name: 'Robert Lin', gender: M },
    { name: '王月娥', gender: F },
    { name: '吳添丁', gender: M },
  ],
  clinic: [
    { name: '劉金鳳', gender: F },
    { name: '許振興', gender: M },
    { name: '楊秋月', gender: F },
  ],
  hotel: [
    { name: 'Helen Chang', gender: F },
    { name: '鄭世昌', gender: M },
    { name: 'Thomas Brown', gender: M },
    { name: 'Grace Huang', gender: F },
  ],
  guard: [
    { name: '謝春嬌', gender: F },
    { name: '郭天福', gender: M },
    { name: '洪玉梅', gender: F },
    { name: '黃文雄', gender: M },
  ],
};

const S = MedicalState;

/**
 * Medical states per organisation, shuffled over its members by the seed. Together they use all
 * ten SPEC §3 states, so every filter and label has a row to show.
 */
export const demoMedicalStates: Readonly<Record<keyof typeof demoMemberNames, readonly MedicalState[]>> = {
  care: [
    ...Array<MedicalState>(16).fill(S.nursingHome),
    S.daycare,
    S.daycare,
    S.daycare,
    S.hospitalized,
    S.emergency,
    S.outdoors,
    S.consultation,
    S.atHome,
  ],
  hospital: [S.hospitalized, S.hospitalized, S.hospitalized, S.emergency, S.consultation],
  clinic: [S.consultation, S.homeHealthcare, S.atHome],
  hotel: [S.atHome, S.outdoors, S.outdoors, S.community],
  guard: [S.homeHealthcare, S.homeHospice, S.community, S.atHome],
};

/** Given names for the emergency contacts (a child or spouse sharing the member's family name). */
export const contactGivenNames = ['志豪', '淑娟', '家銘', '雅惠', '俊宏', '美慧', '建宏', '怡如', '冠宇', '佳蓉'];
