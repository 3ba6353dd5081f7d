import Avatar from '@mui/material/Avatar';
import { useHeadshotUrl } from '../api.ts';

/** The user's picture, or their initial on a tinted disc when there is none. */
export function HeadshotAvatar({ name, headshot, size = 32 }: { name: string; headshot: string | null | undefined; size?: number }) {
  const src = useHeadshotUrl(headshot);
  return (
    <Avatar src={src} alt={name} sx={{ width: size, height: size, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: size * 0.45 }}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
