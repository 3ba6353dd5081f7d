import { useMemo } from 'react';
import {
  type CareHealthRow,
  EducateMethod,
  EducateRecipient,
  EducateType,
  EducateUnderstanding,
  Resource,
  careHealthCreate,
  careHealthResource,
  careHealthUpdate,
  educateMethodLabelKey,
  educateRecipientLabelKey,
  educateTypeLabelKey,
  educateUnderstandingLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { dialog } from '../../../components/resource/index.ts';
import { useSession } from '../../../lib/session.ts';
import { type CareListConfig, useStaffOptions } from '../records/CareRecordList.tsx';
import { recordHandles } from '../records/HandlesDialog.tsx';
import { TwoLines, alertColumn, choices, keywordFilter, stateColumn, stateFilter, timeColumn } from '../records/cells.tsx';
import { useMemberField } from '../records/member-picker.tsx';

export function useHealthConfig(): CareListConfig<CareHealthRow> {
  const { t } = useTranslation();
  const member = useMemberField();
  const staff = useStaffOptions();
  const me = useSession().user?.id ?? null;
  return useMemo<CareListConfig<CareHealthRow>>(() => {
    const types = choices(EducateType, educateTypeLabelKey, t);
    const fields = [
      { name: 'type' as const, label: t('care.record.health.type'), required: true, options: types },
      { name: 'educate_at' as const, label: t('care.record.health.educateAt'), kind: 'datetime' as const, required: true },
      { name: 'topic' as const, label: t('care.record.health.topic'), required: true, helperText: t('care.record.health.topicHelp') },
      { name: 'content' as const, label: t('care.record.health.content'), required: true, multiline: true },
      { name: 'recipient' as const, label: t('care.record.health.recipient'), required: true, options: choices(EducateRecipient, educateRecipientLabelKey, t) },
      { name: 'method' as const, label: t('care.record.health.method'), required: true, options: choices(EducateMethod, educateMethodLabelKey, t) },
      { name: 'understanding' as const, label: t('care.record.health.understanding'), required: true, options: choices(EducateUnderstanding, educateUnderstandingLabelKey, t) },
      { name: 'educator_id' as const, label: t('care.record.health.educator'), kind: 'autocomplete' as const, required: true, options: staff },
      { name: 'review_at' as const, label: t('care.record.health.reviewAt'), kind: 'datetime' as const, helperText: t('care.record.health.reviewHelp') },
      { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
    ];
    return {
      page: 'educate',
      resource: careHealthResource,
      handle: Resource.handleHealth,
      views: [
        recordHandles<CareHealthRow>(
          t,
          Resource.handleHealth,
          (r) => r.topic,
          (r) => r.review_at,
        ),
      ],
      columns: [
        timeColumn('educate_at', t('care.record.health.educateAt')),
        { id: 'member_name', label: member.label, nowrap: true },
        { id: 'topic', label: t('care.record.health.topic'), render: (r) => <TwoLines main={r.topic} sub={t(educateTypeLabelKey[r.type])} /> },
        {
          id: 'recipient',
          label: t('care.record.health.recipient'),
          render: (r) => <TwoLines main={t(educateRecipientLabelKey[r.recipient])} sub={t(educateMethodLabelKey[r.method])} />,
        },
        { id: 'understanding', nowrap: true, label: t('care.record.health.understanding'), render: (r) => t(educateUnderstandingLabelKey[r.understanding]) },
        { id: 'educator_name', nowrap: true, label: t('care.record.health.educator') },
        timeColumn('review_at', t('care.record.health.reviewAt')),
        stateColumn(t),
        alertColumn(t),
      ],
      filters: [keywordFilter(t('care.record.health.topic')), { name: 'type', label: t('care.record.health.type'), kind: 'select', options: types }, stateFilter(t)],
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
          fields: [member, ...fields],
        }),
      edit: (r) => dialog({ schema: careHealthUpdate, row: r, fields }),
    };
  }, [t, member, staff, me]);
}
