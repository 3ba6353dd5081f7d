import {
  Appetite,
  type CareDietRow,
  DietTexture,
  EatenPortion,
  Meal,
  Resource,
  appetiteLabelKey,
  careDietCreate,
  careDietRow,
  careDietUpdate,
  dietTextureLabelKey,
  eatenPortionLabelKey,
  enumValues,
  mealLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, ResourcePage, dialog, enumOptions } from '../../../components/resource/index.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { memberField, useMemberFilter, useMemberOptions } from '../records/member-picker.tsx';
import { mealPhotos } from '../records/record-files.ts';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { CareHandleLink } from '../handle-link.tsx';
import { DueChip, when } from '../records/cells.tsx';
import { useFilesAction } from '../records/files-action.tsx';

export function DietPage() {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const filter = useMemberFilter();
  const files = useFilesAction<CareDietRow>('/file/diet', (r) => r.photos, (r) => `${r.member_name} ${t(mealLabelKey[r.meal])} ${when(r.meal_at)}`);
  const fields = [
    { name: 'meal' as const, label: t('careRecords.diet.meal'), required: true, options: enumOptions(enumValues(Meal), mealLabelKey, t) },
    { name: 'meal_at' as const, label: t('careRecords.diet.mealAt'), kind: 'datetime' as const, required: true },
    { name: 'texture' as const, label: t('careRecords.diet.texture'), required: true, options: enumOptions(enumValues(DietTexture), dietTextureLabelKey, t) },
    { name: 'served' as const, label: t('careRecords.diet.served'), required: true },
    { name: 'eaten' as const, label: t('careRecords.diet.eaten'), required: true, options: enumOptions(enumValues(EatenPortion), eatenPortionLabelKey, t) },
    { name: 'fluid_ml' as const, label: t('careRecords.diet.fluid'), type: 'number' as const, required: true, min: 0, max: 2000, helperText: t('careRecords.diet.fluidHelp') },
    { name: 'appetite' as const, label: t('careRecords.diet.appetite'), required: true, options: enumOptions(enumValues(Appetite), appetiteLabelKey, t) },
    { name: 'remark' as const, label: t('careRecords.remark'), multiline: true },
    { name: 'photos' as const, label: t('careRecords.diet.photos'), kind: 'files' as const, files: mealPhotos },
  ];
  const columns: Column<CareDietRow>[] = [
    { id: 'meal_at', label: t('careRecords.diet.mealAt'), sortable: true, nowrap: true, render: (r) => when(r.meal_at) },
    { id: 'member_name', label: memberLabel },
    { id: 'meal', label: t('careRecords.diet.meal'), sortable: true, render: (r) => t(mealLabelKey[r.meal]) },
    { id: 'served', label: t('careRecords.diet.served') },
    { id: 'eaten', label: t('careRecords.diet.eaten'), sortable: true, render: (r) => t(eatenPortionLabelKey[r.eaten]) },
    { id: 'fluid_ml', label: t('careRecords.diet.fluid'), render: (r) => t('careRecords.diet.ml', { value: r.fluid_ml }) },
    { id: 'appetite', label: t('careRecords.diet.appetite'), render: (r) => t(appetiteLabelKey[r.appetite]) },
    { id: 'state', label: t('careRecords.followUp'), render: (r) => <DueChip state={r.state} due={t('careRecords.diet.followUpDue')} /> },
  ];
  return (
    <>
      <ResourcePage
        title={t('page.diet-manage')}
        resource={Resource.careDiet}
        row={careDietRow}
        columns={columns}
        touches={[Resource.handleDiet]}
        headerActions={<CareHandleLink page="diet-manage" handleResource={Resource.handleDiet} />}
        initialParams={{ order: 'desc', order_by: 'meal_at' }}
        filters={[{ name: 'type', label: t('careRecords.diet.meal'), kind: 'select', options: enumOptions(enumValues(Meal), mealLabelKey, t) }]}
        {...filter}
        rowActions={[files.action]}
        create={{
          label: t('careRecords.diet.create'),
          dialog: dialog({
            schema: careDietCreate,
            defaultValues: { meal_at: nowSeconds(), texture: DietTexture.regular, appetite: Appetite.good, eaten: EatenPortion.all, fluid_ml: 200, photos: [] },
            fields: [memberField(memberLabel, members), ...fields],
          }),
        }}
        edit={{
          title: t('careRecords.diet.edit'),
          dialog: (r) =>
            dialog({
              schema: careDietUpdate,
              row: r,
              fields,
            }),
        }}
        deletable
      />
      {files.dialog}
    </>
  );
}
