import { type EditorImageAccepted, type EditorImagePage } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKeyOf, type ApiClient } from '../api/client';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';

/** the rich-text editor's images (docs/FILES.md "Editor images"): upload one, list the member's own */
export const editorImagesApi = (api: ApiClient) => ({
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.request<EditorImageAccepted>('POST', '/api/storage/assets/ckeditor/images', { body: form });
  },
  list: (page: number) => api.request<EditorImagePage>('GET', `/system/ckeditor/images?page=${page}`),
});

/** uploads a picked image: its url to embed, or the message key of the refusal */
export const useEditorImageUpload = () => {
  const { api } = useSession();
  const { i18n } = useTranslation();
  return async (file: File): Promise<{ url: string } | { error: string }> => {
    try {
      return { url: (await editorImagesApi(api).upload(file)).url };
    } catch (error) {
      const key = error instanceof ApiError ? (error.body.errors[0]?.key ?? errorKeyOf(error)) : errorKeyOf(error);
      return { error: refusalMessageKey(i18n, key, ['profile_image.errors', 'files.errors']) };
    }
  };
};
