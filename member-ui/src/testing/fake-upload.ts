/** an XMLHttpRequest the test drives: progress, then the server's answer */
export class FakeUpload {
  static open: FakeUpload[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  path = '';
  open(_method: string, path: string) {
    this.path = path;
  }
  setRequestHeader() {}
  send() {
    FakeUpload.open.push(this);
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 });
  }
  answer(status: number, body: object) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** within a describe: every test's uploads go to FakeUpload (its `open` list emptied first), the real XMLHttpRequest back after */
export const useFakeUploads = (): void => {
  const realXhr = window.XMLHttpRequest;
  beforeEach(() => {
    FakeUpload.open = [];
    (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
  });
};
