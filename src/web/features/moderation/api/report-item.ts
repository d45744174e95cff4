import { useMutation } from '@tanstack/react-query';
import { reportSchema, type ReportRequest } from '../../../../common/api/moderation';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/reports: the signed-in user reports a deck or a comment (a second report is a 409). */
export function reportItem(input: ReportRequest) {
  return apiRequest('/api/reports', reportSchema, { body: input });
}

export function useReportItem() {
  return useMutation({ mutationFn: reportItem });
}
