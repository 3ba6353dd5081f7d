import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import {
  DeliveryLineState,
  DeliveryOrderState,
  Resource,
  deliveryLineStateLabelKey,
  deliveryOrderResource,
  deliveryOrderStateLabelKey,
  deliveryReceipt,
  deliveryReply,
  deliveryReceiptState,
  deliverySideLabelKey,
  type DeliveryLine,
  type DeliveryOrderDetail,
  type DeliverySide,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { ActionDialog, dialog, orDash, useResourceDetail } from '../../components/resource/index.ts';
import { formatDate } from '../../lib/format.ts';
import { localeStore } from '../../lib/i18n.ts';
import { FinishLabel } from './FinishLabel.tsx';

/** The label exists from the moment the bag is packed. */
const labelStates = new Set<number>([DeliveryOrderState.arranged, DeliveryOrderState.pickup, DeliveryOrderState.finish]);

type Form = 'receipt' | 'reply' | null;

/** An order's detail: its lines with the receipt check, its whole history, and the side's actions on them. */
export function OrderDetailDialog({ id, side, onClose }: { id: number; side: DeliverySide; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useResourceDetail(deliveryOrderResource, id);
  const [form, setForm] = useState<Form>(null);
  const order = detail.data;
  const when = (s: number) => formatDate(s, localeStore.get(), 'dateTime');
  const receiving = order?.state === deliveryReceiptState;
  const queries = order?.lines.filter((l) => l.state === DeliveryLineState.query) ?? [];

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="delivery-detail-title">
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            '.delivery-label, .delivery-label *': { visibility: 'visible' },
            '.delivery-label': { position: 'fixed', left: 0, top: 0 },
          },
        }}
      />
      <DialogTitle id="delivery-detail-title">{order ? t('delivery.detailTitle', { no: order.order_no, name: order.member_name }) : t('page.medication-delivery')}</DialogTitle>
      <DialogContent dividers>
        {order && (
          <Stack spacing={2.5}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip color="primary" label={t(deliveryOrderStateLabelKey[order.state])} data-testid="delivery-state" />
              <Typography variant="body2">{t('delivery.route', { org: order.org_name, pharmacy: `${order.pharmacy_org_name} ${order.pharmacy_area_name}` })}</Typography>
              <Typography variant="body2">{t('delivery.requestedOn', { date: formatDate(order.requested_date, localeStore.get()) })}</Typography>
            </Stack>
            {order.remark && <Typography variant="body2">{t('common.labelled', { label: t('admin.common.remark'), value: order.remark })}</Typography>}
            <LinesTable lines={order.lines} />
            <Typography variant="h3" component="h2">
              {t('delivery.history')}
            </Typography>
            <Table size="small" aria-label={t('delivery.history')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('delivery.time')}</TableCell>
                  <TableCell>{t('delivery.change')}</TableCell>
                  <TableCell>{t('delivery.side')}</TableCell>
                  <TableCell>{t('page.staff')}</TableCell>
                  <TableCell>{t('delivery.note')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {order.history.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell>{when(h.created_at)}</TableCell>
                    <TableCell>
                      {h.from_state === null
                        ? t(deliveryOrderStateLabelKey[h.to_state])
                        : t('delivery.fromTo', { from: t(deliveryOrderStateLabelKey[h.from_state]), to: t(deliveryOrderStateLabelKey[h.to_state]) })}
                    </TableCell>
                    <TableCell>{t(deliverySideLabelKey[h.side])}</TableCell>
                    <TableCell>{h.staff_name}</TableCell>
                    <TableCell>{orDash(h.note)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <FinishLabel order={order} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {order && side === 'care' && receiving && (
          <PermissionButton method="PUT" route={`${Resource.deliveryMedicine}/receipt/{id}`} onClick={() => setForm('receipt')}>
            {t('delivery.checkReceipt')}
          </PermissionButton>
        )}
        {order && side === 'pharmacy' && receiving && queries.length > 0 && (
          <PermissionButton method="PUT" route={`${Resource.deliveryMedicine}/reply/{id}`} onClick={() => setForm('reply')}>
            {t('delivery.answerQueries')}
          </PermissionButton>
        )}
        {order && labelStates.has(order.state) && (
          <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('delivery.printLabel')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      {order && form === 'receipt' && <ReceiptDialog order={order} onClose={() => setForm(null)} />}
      {order && form === 'reply' && <ReplyDialog order={order} lines={queries} onClose={() => setForm(null)} />}
    </Dialog>
  );
}

function LinesTable({ lines }: { lines: DeliveryLine[] }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('delivery.lines')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('delivery.medicine')}</TableCell>
          <TableCell align="right">{t('delivery.quantity')}</TableCell>
          <TableCell align="right">{t('delivery.received')}</TableCell>
          <TableCell>{t('delivery.lineState')}</TableCell>
          <TableCell>{t('delivery.receiptNote')}</TableCell>
          <TableCell>{t('delivery.reply')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.id}>
            <TableCell>{l.medicine_name}</TableCell>
            <TableCell align="right">{t('delivery.amount', { quantity: l.quantity, unit: l.unit })}</TableCell>
            <TableCell align="right">{l.received_quantity === null ? '-' : t('delivery.amount', { quantity: l.received_quantity, unit: l.unit })}</TableCell>
            <TableCell>
              <Chip size="small" color={l.state === DeliveryLineState.query ? 'warning' : l.state === DeliveryLineState.unchecked ? 'default' : 'success'} label={t(deliveryLineStateLabelKey[l.state])} />
            </TableCell>
            <TableCell>{orDash(l.receipt_note)}</TableCell>
            <TableCell>{orDash(l.reply)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The home's receipt check: the count received per line; a difference needs a note, and may be accepted. */
function ReceiptDialog({ order, onClose }: { order: DeliveryOrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const receipt = dialog({
    schema: deliveryReceipt,
    defaultValues: {
      lines: order.lines.map((l) => ({ line_id: l.id, received_quantity: l.received_quantity ?? l.quantity, note: l.receipt_note ?? '', accept: false })),
    },
    fields: order.lines.flatMap((l, i) => [
      {
        name: `lines.${i}.received_quantity` as const,
        label: t('delivery.receivedOf', { name: l.medicine_name, quantity: l.quantity, unit: l.unit }),
        type: 'number' as const,
        required: true,
        min: 0,
      },
      { name: `lines.${i}.note` as const, label: t('delivery.receiptNote') },
      { name: `lines.${i}.accept` as const, label: t('delivery.acceptDifference'), kind: 'checkbox' as const },
    ]),
  });
  return (
    <ActionDialog
      title={t('delivery.checkReceipt')}
      dialog={receipt}
      method="PUT"
      path={`${Resource.deliveryMedicine}/receipt/${order.id}`}
      permission={{ method: 'PUT', route: `${Resource.deliveryMedicine}/receipt/{id}` }}
      touches={[Resource.deliveryMedicine]}
      onClose={onClose}
    />
  );
}

/** The pharmacy's answers to the lines the home queried. */
function ReplyDialog({ order, lines, onClose }: { order: DeliveryOrderDetail; lines: DeliveryLine[]; onClose: () => void }) {
  const { t } = useTranslation();
  const reply = dialog({
    schema: deliveryReply,
    defaultValues: { lines: lines.map((l) => ({ line_id: l.id, reply: l.reply ?? '' })) },
    fields: lines.map((l, i) => ({
      name: `lines.${i}.reply` as const,
      label: t('delivery.replyTo', { name: l.medicine_name, note: l.receipt_note ?? '' }),
      required: true,
      multiline: true,
    })),
  });
  return (
    <ActionDialog
      title={t('delivery.answerQueries')}
      dialog={reply}
      method="PUT"
      path={`${Resource.deliveryMedicine}/reply/${order.id}`}
      permission={{ method: 'PUT', route: `${Resource.deliveryMedicine}/reply/{id}` }}
      touches={[Resource.deliveryMedicine]}
      onClose={onClose}
    />
  );
}
