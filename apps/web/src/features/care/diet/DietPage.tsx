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
import type { TFunction } from 'i18next';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { dialog } from '../../../components/resource/index.ts';
import { type CareListConfig, CareRecordList, useBuiltConfig, type CarePageProps } from '../records/CareRecordList.tsx';
import { DueChip, choices, timeColumn, when } from '../records/cells.tsx';
import { filesView } from '../records/files-action.tsx';
import type { MemberField } from '../records/member-picker.tsx';
import { mealPhotos } from '../records/record-files.ts';

function dietConfig(t: TFunction, member: MemberField): CareListConfig<CareDietRow> {
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
  return {
    page: 'diet-manage',
    resource: careDietResource,
    handle: Resource.handleDiet,
    orderBy: 'meal_at',
    labels: { create: t('careRecords.diet.create'), edit: t('careRecords.diet.edit') },
    columns: [
      timeColumn('meal_at', t('careRecords.diet.mealAt')),
      { id: 'member_name', label: member.label },
      { id: 'meal', label: t('careRecords.diet.meal'), sortable: true, render: (r) => t(mealLabelKey[r.meal]) },
      { id: 'served', label: t('careRecords.diet.served') },
      { id: 'eaten', label: t('careRecords.diet.eaten'), sortable: true, render: (r) => t(eatenPortionLabelKey[r.eaten]) },
      { id: 'fluid_ml', label: t('careRecords.diet.fluid'), render: (r) => t('careRecords.diet.ml', { value: r.fluid_ml }) },
      { id: 'appetite', label: t('careRecords.diet.appetite'), render: (r) => t(appetiteLabelKey[r.appetite]) },
      { id: 'state', label: t('careRecords.followUp'), render: (r) => <DueChip state={r.state} due={t('careRecords.diet.followUpDue')} /> },
    ],
    filters: [{ name: 'type', label: t('careRecords.diet.meal'), kind: 'select', options: meals }],
    views: [
      filesView<CareDietRow>(
        t,
        '/file/diet',
        (r) => r.photos,
        (r) => `${r.member_name} ${t(mealLabelKey[r.meal])} ${when(r.meal_at)}`,
      ),
    ],
    create: (origin) =>
      dialog({
        schema: careDietCreate,
        defaultValues: {
          member_id: origin.memberId ?? undefined,
          meal_at: nowSeconds(),
          texture: DietTexture.regular,
          appetite: Appetite.good,
          eaten: EatenPortion.all,
          fluid_ml: 200,
          photos: [],
        },
        fields: [member, ...fields],
      }),
    edit: (r) => dialog({ schema: careDietUpdate, row: r, fields }),
  };
}

export function DietPage({ memberId, title }: CarePageProps = {}) {
  return <CareRecordList config={useBuiltConfig(dietConfig)} memberId={memberId} title={title} />;
}
