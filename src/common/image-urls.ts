// Resized images: the server makes a copy of an uploaded image at a width asked for in its URL.

/** Image URLs under /upload/ get a width segment so the server sends a resized copy. */
export function resizedImageUrl(url: string, width: number): string {
  return url.includes('/upload/') && !/\/upload\/w_\d+\//.test(url)
    ? url.replace('/upload/', `/upload/w_${width}/`)
    : url;
}
