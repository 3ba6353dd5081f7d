import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import {
  OrgType,
  type OrgRelationRow,
  ValidationMessage,
  orgGrants,
  orgResource,
  orgRelationUpdate,
  orgTypeLabelKey,
  orgRelationResource,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, createdColumn, dialog, ResourcePage, useIsOperator, useResourceOptions } from '../../../components/resource/index.ts';
import { orgKindLabel } from '../org/org-form.ts';

/** Types an organisation serving a care organisation may have (a security company is a guard-flagged care org). */
const servingTypes = [OrgType.pharmacy, OrgType.hospital, OrgType.clinic] as const;

const grantOptions = (t: TFunction) => orgGrants.map((g) => ({ value: g, label: t(`admin.relation.grants.${g}`) }));

const grantsField = z
  .array(z.enum(orgGrants as [string, ...string[]]))
  .min(1, { message: 'admin.relation.grantRequired' });

/**
 * orgRelationCreate with the choices a form needs: the care organisation is chosen by operators
 * (others link their own), and at least one grant. The server checks the pair's types again.
 */
const createForm = (operator: boolean) =>
  z.object({
    org_id: operator ? z.number({ error: ValidationMessage.required }) : z.number().optional(),
    related_org_id: z.number({ error: ValidationMessage.required }),
    grants: grantsField,
  });

/** SPEC §2 related organisations: which pharmacy, hospital, clinic or security company serves a care organisation, and what it may see. */
export default function OrgRelationPage() {
  const { t } = useTranslation();
  const operator = useIsOperator();
  const orgs = useResourceOptions(orgResource);
  const careOrgs = (orgs.data ?? []).filter((o) => o.type === OrgType.care && !o.is_guard);
  const servingOrgs = (orgs.data ?? []).filter((o) => (servingTypes as readonly number[]).includes(o.type) || o.is_guard);
  const columns = useMemo<Column<OrgRelationRow>[]>(
    () => [
      { id: 'org_name', label: t('admin.relation.careOrg') },
      { id: 'related_org_name', label: t('admin.relation.relatedOrg') },
      { id: 'related_org_type', label: t('admin.common.type'), render: (r) => orgKindLabel(t, { type: r.related_org_type, is_guard: r.related_is_guard }) },
      {
        id: 'grants',
        label: t('admin.relation.grantsLabel'),
        render: (r) => (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {orgGrants.filter((g) => r.grants.includes(g)).map((g) => (
              <Chip key={g} size="small" variant="outlined" color="primary" label={t(`admin.relation.grants.${g}`)} />
            ))}
          </Stack>
        ),
      },
      createdColumn<OrgRelationRow>(t),
    ],
    [t],
  );
  const create = dialog({
    schema: createForm(operator),
    defaultValues: { grants: ['members', 'abnormal'] },
    fields: [
      ...(operator ? [{ name: 'org_id' as const, label: t('admin.relation.careOrg'), required: true, options: careOrgs.map((o) => ({ value: o.id, label: o.name })) }] : []),
      {
        name: 'related_org_id',
        label: t('admin.relation.relatedOrg'),
        required: true,
        options: servingOrgs.map((o) => ({ value: o.id, label: `${o.name} · ${orgKindLabel(t, o)}` })),
        helperText: t('admin.relation.relatedHelp'),
      },
      { name: 'grants', label: t('admin.relation.grantsLabel'), kind: 'multiselect', required: true, options: grantOptions(t), helperText: t('admin.relation.grantsHelp') },
    ],
  });
  const edit = (r: OrgRelationRow) =>
    dialog({
      schema: orgRelationUpdate.extend({ grants: grantsField }),
      defaultValues: { grants: r.grants },
      fields: [{ name: 'grants', label: t('admin.relation.grantsLabel'), kind: 'multiselect', required: true, options: grantOptions(t), helperText: t('admin.relation.grantsHelp') }],
    });
  const typeFilter = [...servingTypes.map((type) => ({ value: type as number, label: t(orgTypeLabelKey[type]) }))];
  return (
    <ResourcePage
      title={t('page.org-relation')}
      resource={orgRelationResource}
      columns={columns}
      filters={[
        { name: 'keyword', label: t('admin.relation.keyword'), kind: 'text' },
        ...(operator ? [{ name: 'org_id', label: t('admin.relation.careOrg'), kind: 'select' as const, options: careOrgs.map((o) => ({ value: o.id, label: o.name })) }] : []),
        { name: 'type', label: t('admin.common.type'), kind: 'select', options: typeFilter },
      ]}
      create={{ label: t('admin.relation.create'), dialog: create }}
      edit={{ title: t('admin.relation.edit'), dialog: edit }}
      enable={{ field: 'enable' }}
      deletable
    />
  );
}
