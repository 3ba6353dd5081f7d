import { useState } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DeviceType, chylyngBindingResource, deviceBindingResource, memberChylyngBindingResource, memberDeviceTypes } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { BindingListPage } from './BindingListPage.tsx';
import { DeviceRegistryList } from './DeviceRegistryList.tsx';

type View = 'bindings' | 'registry';

/**
 * SPEC §2 general devices: members' devices other than the 4G watch, as bindings; and, in a second
 * view, every registered device of the organisation except the 4G watch (which has its own pages),
 * room devices such as space sensors included.
 */
export function MemberDevicePage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('bindings');
  const bindingTypes = memberDeviceTypes.filter((type) => type !== DeviceType.chylyngWatch);
  const allTypes = (Object.values(DeviceType) as DeviceType[]).filter((type) => type !== DeviceType.chylyngWatch);
  const tabs = (
    <Tabs value={view} onChange={(_e, v: View) => setView(v)} aria-label={t('page.member-device')}>
      <Tab value="bindings" label={t('admin.device.views.bindings')} />
      <Tab value="registry" label={t('admin.device.views.registry')} />
    </Tabs>
  );
  return view === 'bindings' ? (
    <BindingListPage title={t('page.member-device')} resource={deviceBindingResource} types={bindingTypes} registerTypes={allTypes} subHeader={tabs} />
  ) : (
    <DeviceRegistryList title={t('page.member-device')} types={allTypes} subHeader={tabs} />
  );
}

/** SPEC §2 IoT devices: members' 4G location watches. */
export function MemberDeviceChylyngPage() {
  const { t } = useTranslation();
  return <BindingListPage title={t('page.member-device-chylyng')} resource={memberChylyngBindingResource} types={[DeviceType.chylyngWatch]} />;
}

/** SPEC §2 device-chylyng: the 4G watch list with its delete dialog (deleting ends the binding). */
export function DeviceChylyngPage() {
  const { t } = useTranslation();
  return <BindingListPage title={t('page.device-chylyng')} resource={chylyngBindingResource} types={[DeviceType.chylyngWatch]} endByDelete />;
}
