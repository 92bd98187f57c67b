import { useEffect, useState } from 'react'

/**
 * The browser's own picture of a photo the person chose (an object URL), until the component goes:
 * shown while it is sent and while the server makes its renditions, so no tile waits blank.
 */
export function useLocalPreview(file: File | undefined) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file?.type.startsWith('image/')) return setUrl(null)
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url
}
