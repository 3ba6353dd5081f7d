import { useMemo } from 'react';
import {
  type CareHealthRow,
  EducateMethod,
  EducateRecipient,
  EducateType,
  EducateUnderstanding,
  Resource,
  careHealthCreate,
  careHealthRow,
  careHealthUpdate,
  educateMethodLabelKey,
  educateRecipientLabelKey,
  educateTypeLabelKey,
  educateUnderstandingLabelKey,
  enumValues,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, dialog, enumOptions } from '../../../components/resource/index.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { useSession } from '../../../lib/session.ts';
import { type CareListConfig, useStaffOptions } from '../records/CareRecordList.tsx';
import { memberField, useMemberOptions } from '../records/member-picker.tsx';
import { nowSeconds } from '../../../components/form/field-time.ts';
import {
  TwoLines,
  alertColumn,
  keywordFilter,
  recordHandles,
  stateColumn,
  stateFilter,
  timeColumn,
} from '../records/cells.tsx';

export function useHealthConfig(): CareListConfig<CareHealthRow> {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const staff = useStaffOptions();
  const me = useSession().user?.id ?? null;
  return useMemo(() => {
    const fields = [
      { name: 'type' as const, label: t('care.record.health.type'), required: true, options: enumOptions(enumValues(EducateType), educateTypeLabelKey, t) },
      { name: 'educate_at' as const, label: t('care.record.health.educateAt'), kind: 'datetime' as const, required: true },
      { name: 'topic' as const, label: t('care.record.health.topic'), required: true, helperText: t('care.record.health.topicHelp') },
      { name: 'content' as const, label: t('care.record.health.content'), required: true, multiline: true },
      {
        name: 'recipient' as const,
        label: t('care.record.health.recipient'),
        required: true,
        options: enumOptions(enumValues(EducateRecipient), educateRecipientLabelKey, t),
      },
      { name: 'method' as const, label: t('care.record.health.method'), required: true, options: enumOptions(enumValues(EducateMethod), educateMethodLabelKey, t) },
      {
        name: 'understanding' as const,
        label: t('care.record.health.understanding'),
        required: true,
        options: enumOptions(enumValues(EducateUnderstanding), educateUnderstandingLabelKey, t),
      },
      { name: 'educator_id' as const, label: t('care.record.health.educator'), kind: 'autocomplete' as const, required: true, options: staff },
      { name: 'review_at' as const, label: t('care.record.health.reviewAt'), kind: 'datetime' as const, helperText: t('care.record.health.reviewHelp') },
      { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
    ];
    return {
      page: 'educate',
      resource: Resource.careHealth,
      row: careHealthRow,
      touches: [Resource.handleHealth],
      handles: recordHandles<CareHealthRow>(t, Resource.handleHealth, (r) => r.topic, (r) => r.review_at),
      columns: [
        timeColumn('educate_at', t('care.record.health.educateAt')),
        { id: 'member_name', label: memberLabel, nowrap: true },
        { id: 'topic', label: t('care.record.health.topic'), render: (r) => <TwoLines main={r.topic} sub={t(educateTypeLabelKey[r.type])} /> },
        {
          id: 'recipient',
          label: t('care.record.health.recipient'),
          render: (r) => (
            <TwoLines
              main={t(educateRecipientLabelKey[r.recipient])}
              sub={t(educateMethodLabelKey[r.method])}
            />
          ),
        },
        { id: 'understanding', nowrap: true, label: t('care.record.health.understanding'), render: (r) => t(educateUnderstandingLabelKey[r.understanding]) },
        { id: 'educator_name', nowrap: true, label: t('care.record.health.educator') },
        timeColumn('review_at', t('care.record.health.reviewAt')),
        stateColumn(t),
        alertColumn(t),
      ] satisfies Column<CareHealthRow>[],
      filters: [
        keywordFilter(t('care.record.health.topic')),
        { name: 'type', label: t('care.record.health.type'), kind: 'select', options: enumOptions(enumValues(EducateType), educateTypeLabelKey, t) },
        stateFilter(t),
      ],
      create: (origin) =>
        dialog({
          schema: careHealthCreate,
          defaultValues: {
            member_id: origin.memberId ?? undefined,
            abnormal_id: origin.abnormalId,
            type: EducateType.physiological,
            educate_at: nowSeconds(),
            recipient: EducateRecipient.member,
            method: EducateMethod.verbal,
            understanding: EducateUnderstanding.understood,
            educator_id: me ?? undefined,
            remark: null,
          },
          fields: [memberField(memberLabel, members), ...fields],
        }),
      edit: (r) => dialog({ schema: careHealthUpdate, row: r, fields }),
    };
  }, [t, memberLabel, members, staff, me]);
}
