import { DeviceType, Resource, memberDeviceTypes } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { BindingListPage } from './BindingListPage.tsx';

/** SPEC §2 general devices: members' devices other than the 4G watch. */
export function MemberDevicePage() {
  const { t } = useTranslation();
  const types = memberDeviceTypes.filter((type) => type !== DeviceType.chylyngWatch);
  return <BindingListPage title={t('page.member-device')} resource={Resource.userSystemDeviceBind} types={types} />;
}

/** SPEC §2 IoT devices: members' 4G location watches. */
export function MemberDeviceChylyngPage() {
  const { t } = useTranslation();
  return <BindingListPage title={t('page.member-device-chylyng')} resource={Resource.userSystemDeviceBindChylyng} types={[DeviceType.chylyngWatch]} />;
}

/** SPEC §2 device-chylyng: the 4G watch list with its delete dialog (deleting ends the binding). */
export function DeviceChylyngPage() {
  const { t } = useTranslation();
  return <BindingListPage title={t('page.device-chylyng')} resource={Resource.deviceBindChylyng} types={[DeviceType.chylyngWatch]} endByDelete />;
}
