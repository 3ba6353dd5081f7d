import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  DeliveryOrderState,
  DeliveryType,
  Resource,
  deliveryOrderResource,
  deliveryOrderStateLabelKey,
  deliveryStateChange,
  deliveryTypeLabelKey,
  enumValues,
  medicineResource,
  memberResource,
  nextDeliveryStates,
  type DeliveryOrderRow,
  type DeliveryOrderState as State,
  type DeliverySide,
  areaPharmacyResource,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ActionDialog, type Column, dialog, enumOptions, ResourcePage, useResourceOptions } from '../../components/resource/index.ts';
import { formatDate } from '../../lib/format.ts';
import { localeStore } from '../../lib/i18n.ts';
import { usePermission, useSession } from '../../lib/session.ts';
import { OrderDetailDialog } from './OrderDetailDialog.tsx';
import { useDeliveryWaiting } from './DeliveryWatch.tsx';
import { RepeatOffers } from './RepeatOffers.tsx';
import { FORM_LINES, emptyOrder, orderForm, sideOfRole } from './order-form.ts';

const states = enumValues(DeliveryOrderState);

/**
 * SPEC §2 medication delivery: the care home's orders to its pharmacies, or the pharmacy's orders
 * from the homes it serves. Each row opens its detail (lines, receipt check, history, label) and
 * offers the state changes the contracts machine gives the reader's side; new orders and changes
 * arrive live on the staff channel (DeliveryWatch, mounted by the shell, refreshes the list). The
 * care side also sees the repeat prescriptions whose next order is due.
 */
export default function DeliveryPage() {
  const { t } = useTranslation();
  const side = sideOfRole(useSession().role);
  const [viewing, setViewing] = useState<number | null>(null);
  const [moving, setMoving] = useState<DeliveryOrderRow | null>(null);
  const orderDialog = useOrderDialog(side === 'care');
  const waiting = useDeliveryWaiting();

  const columns = useMemo<Column<DeliveryOrderRow>[]>(
    () => [
      { id: 'id', label: t('delivery.orderNo'), sortable: true, render: (r) => r.order_no },
      { id: 'member_name', label: t('delivery.member') },
      side === 'care'
        ? { id: 'pharmacy_org_name', label: t('delivery.pharmacy'), render: (r: DeliveryOrderRow) => `${r.pharmacy_org_name} ${r.pharmacy_area_name}` }
        : { id: 'org_name', label: t('delivery.careOrg'), render: (r: DeliveryOrderRow) => `${r.org_name} ${r.area_name ?? ''}` },
      { id: 'type', label: t('delivery.type'), render: (r) => t(deliveryTypeLabelKey[r.type]) },
      { id: 'requested_date', label: t('delivery.requestedDate'), sortable: true, render: (r) => formatDate(r.requested_date, localeStore.get()) },
      { id: 'line_count', label: t('delivery.lineCount') },
      {
        id: 'state',
        label: t('delivery.state'),
        sortable: true,
        render: (r) => (
          <Chip
            size="small"
            color={r.open_query_count > 0 ? 'warning' : r.state === DeliveryOrderState.finish ? 'success' : 'default'}
            label={t(deliveryOrderStateLabelKey[r.state])}
          />
        ),
      },
    ],
    [t, side],
  );

  return (
    <>
      <ResourcePage
        title={t('page.medication-delivery')}
        resource={deliveryOrderResource}
        columns={columns}
        initialParams={{ order: 'desc' }}
        filters={[
          { name: 'keyword', label: t('delivery.keyword'), kind: 'text' },
          { name: 'state', label: t('delivery.state'), kind: 'select', options: enumOptions(states, deliveryOrderStateLabelKey, t) },
        ]}
        create={side === 'care' ? { label: t('delivery.create'), dialog: orderDialog } : undefined}
        subHeader={
          <>
            {waiting > 0 && <Chip color="error" variant="outlined" sx={{ alignSelf: 'flex-start' }} label={t('shell.waiting', { count: waiting })} data-testid="delivery-waiting" />}
            {side === 'care' && <RepeatOffers onOpen={setViewing} />}
          </>
        }
        rowActions={[
          { id: 'view', label: t('delivery.view'), icon: <VisibilityIcon fontSize="small" />, onClick: (r) => setViewing(r.id) },
          {
            id: 'state',
            label: t('delivery.changeState'),
            icon: <SwapHorizIcon fontSize="small" />,
            onClick: setMoving,
            permission: { method: 'PATCH', route: `${Resource.deliveryMedicine}/state/{id}` },
            hidden: (r) => nextDeliveryStates(r.state, side).length === 0,
          },
        ]}
      />
      {viewing !== null && <OrderDetailDialog id={viewing} side={side} onClose={() => setViewing(null)} />}
      {moving && <ChangeStateDialog order={moving} side={side} onClose={() => setMoving(null)} />}
    </>
  );
}

/** The new-order form: a member of the reader's scope, a related pharmacy's area, the medicines. */
function useOrderDialog(enabled: boolean) {
  const { t } = useTranslation();
  const members = useResourceOptions(memberResource, { writable: 1 }, enabled);
  const pharmacies = useResourceOptions(areaPharmacyResource, {}, enabled);
  const canReadCatalogue = usePermission('GET', Resource.medicine);
  const catalogue = useResourceOptions(medicineResource, { enable: 1 }, enabled && canReadCatalogue);
  const medicines = catalogue.data ?? [];
  const medicineOptions = medicines.map((m) => ({ value: m.id, label: m.strength ? `${m.name} ${m.strength}` : m.name }));
  return dialog({
    schema: orderForm(medicines),
    defaultValues: emptyOrder(),
    fields: [
      // Members, pharmacies and the catalogue are long lists: each is found by typing part of its name.
      { name: 'member_id', label: t('delivery.member'), kind: 'autocomplete', required: true, options: (members.data ?? []).map((m) => ({ value: m.id, label: m.name })) },
      {
        name: 'pharmacy_area_id',
        label: t('delivery.pharmacy'),
        kind: 'autocomplete',
        required: true,
        options: (pharmacies.data ?? []).map((a) => ({ value: a.id, label: `${a.org_name} ${a.name}` })),
      },
      { name: 'type', label: t('delivery.type'), required: true, options: enumOptions(enumValues(DeliveryType), deliveryTypeLabelKey, t) },
      { name: 'repeat_days', label: t('delivery.repeatDays'), type: 'number', min: 7, max: 90, helperText: t('delivery.repeatDaysHint') },
      { name: 'requested_date', label: t('delivery.requestedDate'), kind: 'date', required: true },
      ...Array.from({ length: FORM_LINES }, (_, i) => [
        ...(medicineOptions.length > 0
          ? [{ name: `lines.${i}.medicine_id` as const, label: t('delivery.fromCatalogue', { n: i + 1 }), kind: 'autocomplete' as const, options: medicineOptions, helperText: t('delivery.fromCatalogueHint') }]
          : []),
        { name: `lines.${i}.medicine_name` as const, label: t('delivery.medicineN', { n: i + 1 }), required: i === 0 && medicineOptions.length === 0 },
        { name: `lines.${i}.quantity` as const, label: t('delivery.quantity'), type: 'number' as const, min: 1, required: i === 0 },
        { name: `lines.${i}.unit` as const, label: t('delivery.unit'), required: i === 0 },
      ]).flat(),
      { name: 'remark', label: t('admin.common.remark'), multiline: true },
    ],
  });
}

function ChangeStateDialog({ order, side, onClose }: { order: DeliveryOrderRow; side: DeliverySide; onClose: () => void }) {
  const { t } = useTranslation();
  const next = nextDeliveryStates(order.state, side);
  const change = dialog({
    schema: deliveryStateChange,
    defaultValues: { state: next[0], note: '' },
    fields: [
      { name: 'state', label: t('delivery.nextState'), required: true, options: next.map((s: State) => ({ value: s, label: t(deliveryOrderStateLabelKey[s]) })) },
      { name: 'note', label: t('delivery.note'), multiline: true },
    ],
  });
  return (
    <ActionDialog
      title={t('delivery.changeStateOf', { no: order.order_no })}
      dialog={change}
      method="PATCH"
      path={`${Resource.deliveryMedicine}/state/${order.id}`}
      permission={{ method: 'PATCH', route: `${Resource.deliveryMedicine}/state/{id}` }}
      touches={[Resource.deliveryMedicine]}
      onClose={onClose}
    />
  );
}
