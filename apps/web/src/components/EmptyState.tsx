import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';

/** A quiet "nothing here" message used by tables and pages without content. */
export function EmptyState({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, py: 6, color: 'text.secondary' }} role="status">
      <InboxOutlinedIcon fontSize="large" aria-hidden />
      <Typography>{text}</Typography>
    </Box>
  );
}
