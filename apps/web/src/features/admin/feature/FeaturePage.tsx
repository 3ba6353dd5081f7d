import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type Feature, Resource, featureSettings, features, orgResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/http.ts';
import { usePermission } from '../../../lib/session.ts';
import { useIsOperator, useResourceOptions, useWrite } from '../../../components/resource/index.ts';

/** SPEC §2 feature settings: per-organisation switches; a switched-off feature hides its pages there. */
export default function FeaturePage() {
  const { t } = useTranslation();
  const operator = useIsOperator();
  const orgs = useResourceOptions(orgResource, {}, operator);
  const [orgId, setOrgId] = useState<number | undefined>(undefined);
  const chosen = orgId ?? orgs.data?.[0]?.id;
  const settings = useQuery({
    queryKey: [Resource.feature, chosen],
    enabled: !operator || chosen !== undefined,
    queryFn: ({ signal }) => request(Resource.feature, { query: { org_id: chosen }, schema: featureSettings, signal }),
  });
  const allowed = usePermission('PUT', `${Resource.feature}/{id}`);
  const toggle = useWrite<{ feature: Feature; on: boolean }>(
    ({ feature, on }) => ({ method: 'PUT', path: `${Resource.feature}/${settings.data!.org_id}`, body: { features: { [feature]: on } } }),
    [Resource.feature],
  );
  return (
    <Stack spacing={2.5}>
      <Typography variant="h1" component="h1">
        {t('page.feature')}
      </Typography>
      {operator && (
        <TextField select size="small" label={t('admin.common.org')} value={chosen ?? ''} onChange={(e) => setOrgId(Number(e.target.value))} sx={{ maxWidth: 360 }}>
          {(orgs.data ?? []).map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Paper variant="outlined">
        {!settings.data ? (
          <Skeleton height={240} sx={{ mx: 2 }} />
        ) : (
          <List aria-label={t('admin.feature.list', { name: settings.data.org_name })}>
            {features.map((f) => (
              <ListItem key={f} divider>
                <FormControlLabel
                  control={
                    <Switch
                      checked={settings.data.features[f]}
                      disabled={!allowed || toggle.isPending}
                      onChange={(e) => toggle.mutate({ feature: f, on: e.target.checked })}
                    />
                  }
                  label={
                    <Stack>
                      <span>{t(`admin.feature.names.${f}`)}</span>
                      <Typography variant="body2" color="text.secondary">
                        {t(`admin.feature.hints.${f}`)}
                      </Typography>
                    </Stack>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
