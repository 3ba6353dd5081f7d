import {
  Appetite,
  type CareDietRow,
  DietTexture,
  EatenPortion,
  Meal,
  Resource,
  appetiteLabelKey,
  careDietCreate,
  careDietResource,
  careDietUpdate,
  dietTextureLabelKey,
  eatenPortionLabelKey,
  mealLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { type Column, ResourcePage, dialog } from '../../../components/resource/index.ts';
import { CareHandleLink } from '../handle-link.tsx';
import { DueChip, choices, timeColumn, when } from '../records/cells.tsx';
import { useFilesAction } from '../records/files-action.tsx';
import { useMemberField, useMemberFilter } from '../records/member-picker.tsx';
import { mealPhotos } from '../records/record-files.ts';

export function DietPage() {
  const { t } = useTranslation();
  const member = useMemberField();
  const filter = useMemberFilter();
  const files = useFilesAction<CareDietRow>(
    '/file/diet',
    (r) => r.photos,
    (r) => `${r.member_name} ${t(mealLabelKey[r.meal])} ${when(r.meal_at)}`,
  );
  const meals = choices(Meal, mealLabelKey, t);
  const fields = [
    { name: 'meal' as const, label: t('careRecords.diet.meal'), required: true, options: meals },
    { name: 'meal_at' as const, label: t('careRecords.diet.mealAt'), kind: 'datetime' as const, required: true },
    { name: 'texture' as const, label: t('careRecords.diet.texture'), required: true, options: choices(DietTexture, dietTextureLabelKey, t) },
    { name: 'served' as const, label: t('careRecords.diet.served'), required: true },
    { name: 'eaten' as const, label: t('careRecords.diet.eaten'), required: true, options: choices(EatenPortion, eatenPortionLabelKey, t) },
    { name: 'fluid_ml' as const, label: t('careRecords.diet.fluid'), type: 'number' as const, required: true, min: 0, max: 2000, helperText: t('careRecords.diet.fluidHelp') },
    { name: 'appetite' as const, label: t('careRecords.diet.appetite'), required: true, options: choices(Appetite, appetiteLabelKey, t) },
    { name: 'remark' as const, label: t('careRecords.remark'), multiline: true },
    { name: 'photos' as const, label: t('careRecords.diet.photos'), kind: 'files' as const, files: mealPhotos },
  ];
  const columns: Column<CareDietRow>[] = [
    timeColumn('meal_at', t('careRecords.diet.mealAt')),
    { id: 'member_name', label: member.label },
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
        resource={careDietResource}
        columns={columns}
        touches={[Resource.handleDiet]}
        headerActions={<CareHandleLink page="diet-manage" handleResource={Resource.handleDiet} />}
        initialParams={{ order: 'desc', order_by: 'meal_at' }}
        filters={[{ name: 'type', label: t('careRecords.diet.meal'), kind: 'select', options: meals }]}
        {...filter}
        rowActions={[files.action]}
        create={{
          label: t('careRecords.diet.create'),
          dialog: dialog({
            schema: careDietCreate,
            defaultValues: { meal_at: nowSeconds(), texture: DietTexture.regular, appetite: Appetite.good, eaten: EatenPortion.all, fluid_ml: 200, photos: [] },
            fields: [member, ...fields],
          }),
        }}
        edit={{ title: t('careRecords.diet.edit'), dialog: (r) => dialog({ schema: careDietUpdate, row: r, fields }) }}
        deletable
      />
      {files.dialog}
    </>
  );
}
