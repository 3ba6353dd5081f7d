import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { renderSVG } from 'uqr';
import type { DeliveryOrderDetail } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import { localeStore } from '../../lib/i18n.ts';

/**
 * The finish-order label (docs/delivery.md, Printing): member, order number, pharmacy area,
 * requested date and every line, with a QR code of the order number that the home scans on
 * receipt. Shown only on paper: the print style sheet hides everything else while printing.
 */
export function FinishLabel({ order }: { order: DeliveryOrderDetail }) {
  const { t } = useTranslation();
  // uqr renders the code as an SVG string of its own making (no user text is interpolated but the order number).
  const qr = renderSVG(order.order_no, { border: 1 });
  return (
    <Box
      className="delivery-label"
      data-testid="delivery-label"
      sx={{ display: 'none', '@media print': { display: 'block', width: '100mm', p: '4mm', color: '#000', bgcolor: '#fff' } }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: '4mm' }}>
        <Box>
          <Typography sx={{ fontSize: '16pt', fontWeight: 700 }}>{order.order_no}</Typography>
          <Typography sx={{ fontSize: '13pt', fontWeight: 600 }}>{order.member_name}</Typography>
          <Typography sx={{ fontSize: '10pt' }}>{t('delivery.labelFor', { org: order.org_name, area: order.area_name ?? '' })}</Typography>
          <Typography sx={{ fontSize: '10pt' }}>{t('delivery.labelFrom', { pharmacy: order.pharmacy_org_name, area: order.pharmacy_area_name })}</Typography>
          <Typography sx={{ fontSize: '10pt' }}>{t('delivery.labelDate', { date: formatDate(order.requested_date, localeStore.get()) })}</Typography>
        </Box>
        <Box aria-label={order.order_no} role="img" sx={{ width: '28mm', height: '28mm', flexShrink: 0, '& svg': { width: '100%', height: '100%' } }} dangerouslySetInnerHTML={{ __html: qr }} />
      </Box>
      <Box component="ul" sx={{ m: 0, mt: '3mm', pl: '5mm', fontSize: '10pt' }}>
        {order.lines.map((l) => (
          <li key={l.id}>{t('delivery.labelLine', { name: l.medicine_name, quantity: l.quantity, unit: l.unit })}</li>
        ))}
      </Box>
    </Box>
  );
}
