import { useQuery } from '@tanstack/react-query';
import { recognitionSchema } from '../../../../common/api/recognition';
import { apiRequest, retryUnlessRefused } from '../../../lib/api-client';

/** GET /api/moderation/recognition: how well uploads are read (moderators only: 403 for others). */
export function useRecognition() {
  return useQuery({
    queryKey: ['moderation', 'recognition'],
    queryFn: () => apiRequest('/api/moderation/recognition', recognitionSchema),
    retry: retryUnlessRefused,
  });
}
