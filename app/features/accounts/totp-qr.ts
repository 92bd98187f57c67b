import QRCode from 'qrcode'

/** The authenticator app's QR code for a TOTP address, drawn the same on the server and in the browser. */
export function totpQrSvg(totpURI: string) {
  return QRCode.toString(totpURI, { type: 'svg', margin: 1, width: 192 })
}
