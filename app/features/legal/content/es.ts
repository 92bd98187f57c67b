import { POLICY_VERSION } from '../legal-document'
import { periodWords, policyDate, storageRows, type LegalContent } from './facts'

const mail = (address: string) => `[${address}](mailto:${address})`
const period = periodWords({
  minutes: ['minuto', 'minutos'],
  hours: ['hora', 'horas'],
  days: ['día', 'días'],
  months: ['mes', 'meses'],
})
const date = policyDate('es')

export const es: LegalContent = {
  privacy: (f) => ({
    title: 'Política de privacidad',
    summary: `Cómo trata Afterglow los datos personales: qué recogemos de las empresas que usan la plataforma y de los visitantes de nuestra web, por qué, durante cuánto tiempo, quién más los ve y qué derechos tienes.`,
    sections: [
      {
        id: 'quienes-somos',
        title: 'Quiénes somos y qué cubre esta política',
        body: [
          `Afterglow ("nosotros") opera la plataforma en ${f.siteUrl}, en la que empresas que organizan eventos en directo —promotores, artistas, salas y festivales— publican galerías de fotos y vídeos con su marca, recogen los datos de los fans antes de las descargas y consultan estadísticas.`,
          'Tratamos datos personales en dos papeles distintos:',
          {
            list: [
              '**Como responsable del tratamiento** de los datos de quienes tienen una cuenta en la plataforma (equipos de las empresas), de los visitantes de esta web y de quien registra su interés, se suscribe a nuestra newsletter o nos escribe. Esta política describe ese tratamiento.',
              '**Como encargado del tratamiento** de los datos que los fans dejan en las páginas de una empresa (por ejemplo, su nombre y correo antes de una descarga). Ahí la empresa es la responsable: decide por qué se recogen los datos y cuánto tiempo se conservan, y nosotros los tratamos solo por cuenta de ella y siguiendo sus instrucciones. Cada página de empresa tiene su propio aviso de privacidad, enlazado como "Privacidad" en su pie de página; los fans deben dirigir sus solicitudes primero a esa empresa.',
            ],
          },
          `Para cualquier duda sobre esta política o sobre tus datos, escribe a ${mail(f.contactEmail)}.`,
        ],
      },
      {
        id: 'datos-que-recogemos',
        title: 'Qué recogemos',
        body: [
          {
            table: {
              head: ['Categoría', 'Datos', 'Origen'],
              rows: [
                [
                  'Cuenta',
                  'Nombre visible, dirección de correo electrónico, contraseña (guardada solo como hash con sal), secreto y códigos de respaldo de la verificación en dos pasos si la activas, idioma de la interfaz, tu rol en cada empresa (admin, gestor, usuario).',
                  'Tú, al registrarte, aceptar una invitación o cambiar tu configuración.',
                ],
                [
                  'Empresa',
                  'Nombre de la empresa, dirección de la página y subdominio, logotipo, colores, textos de la página, plan y todo lo que la empresa sube: fotos, vídeos, archivos, títulos, descripciones, eventos.',
                  'El equipo de la empresa.',
                ],
                [
                  'Seguridad',
                  'Sesiones (dirección IP, navegador, inicio y última actividad), registro de auditoría (inicios de sesión, exportaciones de leads, cambios de configuración, acciones privilegiadas), contadores de límite de peticiones.',
                  'Se generan al usar la plataforma.',
                ],
                [
                  'Facturación',
                  'Plan, estado de la suscripción, fecha de renovación, fechas de la prueba, la referencia de cliente en nuestro proveedor de pagos con tarjeta, facturas. Los números de tarjeta se introducen en el proveedor de pagos y nunca llegan a nuestros servidores.',
                  'Tú y el proveedor de pagos.',
                ],
                [
                  'Formularios de la web',
                  'Registro de interés y newsletter: correo electrónico, idioma, fecha. Formulario de contacto: nombre, correo electrónico, mensaje, idioma, fecha.',
                  'Tú, al enviar un formulario.',
                ],
                [
                  'Datos técnicos',
                  'Registros del servidor: hora, dirección solicitada, estado de la respuesta, identificador de la petición y errores.',
                  'Tu navegador, al comunicarse con nuestros servidores.',
                ],
              ],
            },
          },
          'No recogemos categorías especiales de datos (como salud u opiniones políticas) y te pedimos que no las incluyas en mensajes ni archivos salvo que sea necesario.',
        ],
      },
      {
        id: 'finalidades',
        title: 'Para qué los usamos y con qué base jurídica',
        body: [
          {
            table: {
              head: ['Finalidad', 'Datos', 'Base jurídica (RGPD)'],
              rows: [
                [
                  'Prestar la plataforma: cuentas, páginas de empresa, subidas, galerías, eventos, estadísticas, leads',
                  'Cuenta, empresa',
                  'Ejecución del contrato contigo o con tu empresa (art. 6.1.b)',
                ],
                [
                  'Correos del servicio: confirmación de dirección, restablecimiento de contraseña, invitaciones al equipo, avisos de seguridad',
                  'Cuenta',
                  'Ejecución del contrato (art. 6.1.b)',
                ],
                [
                  'Mantener seguras las cuentas y la plataforma: sesiones, verificación en dos pasos, registro de auditoría, límites a inicios de sesión y envíos de formularios repetidos, investigación de abusos',
                  'Seguridad, datos técnicos',
                  'Nuestro interés legítimo en un servicio seguro y en proteger a los usuarios (art. 6.1.f)',
                ],
                [
                  'Suscripciones, facturas y contabilidad',
                  'Facturación',
                  'Ejecución del contrato (art. 6.1.b) y nuestras obligaciones legales de conservar registros contables (art. 6.1.c)',
                ],
                [
                  'Responder a mensajes de contacto y registros de interés',
                  'Formularios de la web',
                  'Medidas precontractuales a petición tuya (art. 6.1.b) y nuestro interés legítimo en responder a quien nos escribe (art. 6.1.f)',
                ],
                [
                  'Enviar la newsletter',
                  'Correo electrónico',
                  'Tu consentimiento (art. 6.1.a), que puedes retirar en cualquier momento',
                ],
                [
                  'Recordar tu idioma y tus preferencias de cookies',
                  'Almacenamiento del navegador',
                  'Estrictamente necesario para el servicio que has pedido; consulta la política de cookies',
                ],
              ],
            },
          },
          'Cuando se aplica la Ley General de Protección de Datos de Brasil (LGPD, Ley 13.709/2018), el mismo tratamiento se basa en las bases equivalentes de su artículo 7: ejecución de un contrato, cumplimiento de una obligación legal, interés legítimo y consentimiento.',
          'No vendemos datos personales, no los usamos para perfiles publicitarios y no tomamos decisiones basadas únicamente en el tratamiento automatizado que produzcan efectos jurídicos o te afecten de forma similar.',
        ],
      },
      {
        id: 'datos-de-los-fans',
        title: 'Datos de los fans en las páginas de empresa',
        body: [
          'Cuando un fan se registra en la página de una empresa para descargar fotos o vídeos, guardamos por cuenta de esa empresa:',
          {
            list: [
              'nombre completo y correo electrónico y, si la empresa los pide, teléfono y empresa u organización;',
              'los consentimientos dados: aceptación del aviso de privacidad (con fecha y hora), consentimiento al tratamiento de los datos, consentimiento opcional al marketing, la versión del aviso y el idioma;',
              'la página y el navegador (user agent) desde los que se registró el fan;',
              'qué se descargó y cuándo;',
              'una cookie firmada por página de empresa, para que el fan no tenga que registrarse de nuevo en cada descarga.',
            ],
          },
          'La empresa es la responsable de estos datos y decide para qué se usan y cuánto tiempo se conservan. Nosotros actuamos como su encargado: tratamos los datos solo según las instrucciones documentadas de la empresa (nuestras [condiciones del servicio](/terms) incluyen el acuerdo de encargo del tratamiento), mantenemos los datos de cada empresa separados de los de todas las demás y nunca los usamos para fines propios.',
          'Dentro de la empresa, solo los administradores y gestores pueden ver y exportar los leads; cada consulta de la lista y cada exportación queda anotada en el registro de auditoría de la empresa.',
          `Si eres fan y quieres ejercer tus derechos, contacta con la empresa cuya página usaste. También puedes escribir a ${mail(f.contactEmail)}: trasladaremos tu solicitud a la empresa sin demora y la ayudaremos a responder.`,
        ],
      },
      {
        id: 'conservacion',
        title: 'Cuánto tiempo conservamos los datos',
        body: [
          {
            table: {
              head: ['Datos', 'Plazo'],
              rows: [
                [
                  'Datos de la cuenta y de la empresa, contenido subido',
                  `Mientras exista la cuenta. Un administrador puede cerrar la cuenta desde la configuración; la eliminamos, con sus archivos y copias de seguridad, ${period(f.retention.closedAccounts)} después (hasta entonces puede reabrirse). Lo que queda en nuestras propias copias de seguridad se sobrescribe en otros 30 días.`,
                ],
                [
                  'Datos de los fans (como encargado)',
                  'Según decida la empresa; como máximo, se eliminan con la cuenta de la empresa.',
                ],
                [
                  'Sesiones',
                  `Terminan tras ${f.sessionIdleMinutes} minutos sin actividad o al cerrar sesión; el registro de una sesión terminada (dirección IP, navegador) se elimina ${period(f.retention.endedSessions)} después.`,
                ],
                [
                  'Registro de auditoría',
                  'Mientras exista la cuenta de la empresa, para que sus administradores puedan revisar las acciones relevantes para la seguridad.',
                ],
                [
                  'Contadores de límite de peticiones',
                  `Contadores de inicio de sesión: ${period(f.retention.signInCounters)}. Contadores de formularios: ${f.formRateLimitMinutes} minutos, asociados a un hash irreversible de tu dirección IP, nunca a la dirección en sí.`,
                ],
                [
                  'Mensajes de contacto y registros de interés',
                  `Se eliminan ${period(f.retention.websiteMessages)} después de nuestro último intercambio contigo.`,
                ],
                ['Suscripción a la newsletter', 'Hasta que te des de baja o retires tu consentimiento.'],
                [
                  'Registros de facturación y facturas',
                  'El tiempo que exija la normativa fiscal y contable (normalmente entre 5 y 10 años).',
                ],
                ['Registros del servidor', `${period(f.retention.logs)}; después se eliminan.`],
                [
                  'Mensajes enviados a los sistemas de una empresa (webhooks)',
                  `Una copia de cada uno, con sus intentos de entrega, durante ${period(f.retention.webhookDeliveries)}; después se elimina.`,
                ],
                [
                  'Preferencias de cookies en tu navegador',
                  `${f.consentValidityDays} días; después volvemos a preguntar.`,
                ],
              ],
            },
          },
        ],
      },
      {
        id: 'destinatarios',
        title: 'Quién recibe los datos',
        body: [
          'Trabajamos con un número reducido de proveedores que tratan datos por nuestra cuenta, con contratos de encargo por escrito y solo en la medida necesaria:',
          {
            list: [
              '**Alojamiento**: los servidores y la base de datos en los que funciona la plataforma.',
              '**Almacenamiento de objetos**: donde se guardan las fotos, vídeos y archivos subidos.',
              '**Envío de correo**: el servicio que envía nuestros correos (confirmaciones, restablecimientos, invitaciones, notificaciones).',
              '**Proveedor de pagos con tarjeta**: procesa los pagos de las suscripciones. Para los datos de la tarjeta y la prevención del fraude actúa como responsable independiente, según su propia política de privacidad.',
            ],
          },
          `Puedes pedir una lista actualizada de estos proveedores, con su ubicación, en ${mail(f.contactEmail)}.`,
          'Dentro de una empresa, sus administradores ven a los miembros del equipo y su actividad en el registro de auditoría. Solo comunicamos datos a las autoridades cuando la ley nos obliga, y revisamos cada solicitud.',
        ],
      },
      {
        id: 'transferencias',
        title: 'Transferencias internacionales',
        body: [
          'Algunos proveedores pueden tratar datos fuera del Espacio Económico Europeo o de tu país. En ese caso nos basamos en una decisión de adecuación de la Comisión Europea (por ejemplo, el Marco de Privacidad de Datos UE-EE. UU. para empresas certificadas) o en las Cláusulas Contractuales Tipo de la Comisión Europea, con garantías adicionales cuando hace falta. Para datos sujetos a la LGPD usamos los mecanismos de su artículo 33. Puedes pedirnos una copia de las garantías.',
        ],
      },
      {
        id: 'seguridad',
        title: 'Cómo protegemos los datos',
        body: [
          {
            list: [
              'conexiones cifradas (HTTPS) y cabeceras de seguridad en todas las páginas;',
              'contraseñas guardadas solo como hash con sal, verificación en dos pasos opcional, sesiones que terminan por inactividad y pocas sesiones simultáneas por persona;',
              'los datos de cada empresa aislados en la base de datos (seguridad a nivel de fila), de modo que una empresa nunca puede leer los de otra;',
              'roles que limitan quién puede ver leads y cambiar la configuración, y un registro de auditoría de las acciones sensibles que no se puede modificar;',
              'límites a los inicios de sesión y envíos de formularios repetidos.',
            ],
          },
          'Si una violación de datos personales puede suponer un riesgo para tus derechos, lo notificaremos a la autoridad competente y, cuando sea obligatorio, a ti, sin dilación indebida.',
        ],
      },
      {
        id: 'tus-derechos',
        title: 'Tus derechos',
        body: [
          'En las condiciones que establece la ley, tienes derecho a:',
          {
            list: [
              '**acceder** a los datos personales que tenemos sobre ti y recibir una copia;',
              '**rectificar** los datos inexactos o incompletos;',
              '**suprimir** tus datos;',
              '**limitar** el tratamiento;',
              '**portabilidad**: recibir los datos que nos diste en un formato estructurado y legible por máquina, o que se envíen a otro proveedor;',
              '**oponerte** al tratamiento basado en nuestro interés legítimo;',
              '**retirar tu consentimiento** en cualquier momento (por ejemplo, a la newsletter o a las cookies opcionales), sin que ello afecte al tratamiento anterior;',
              '**reclamar** ante una autoridad de protección de datos, en particular la del país donde vives o trabajas o donde se produjo la infracción (en España, la Agencia Española de Protección de Datos; en Brasil, la ANPD).',
            ],
          },
          `Para ejercer tus derechos, escribe a ${mail(f.contactEmail)}. Respondemos en el plazo de un mes (ampliable dos meses en solicitudes complejas, en cuyo caso te explicamos el motivo) y podemos pedirte que confirmes tu identidad. Muchos datos de la cuenta puedes cambiarlos tú mismo en el área de administración.`,
          'De los datos que dejaste como fan en la página de una empresa, es responsable la empresa; consulta arriba el apartado sobre los datos de los fans.',
        ],
      },
      {
        id: 'cookies',
        title: 'Cookies y almacenamiento local',
        body: [
          'Solo usamos las cookies y el almacenamiento del navegador que el servicio necesita, como la cookie de sesión y el registro de tu idioma y tus preferencias de cookies. Con tu consentimiento para analíticas, una cookie propia cuenta tus visitas repetidas una sola vez; no usamos cookies publicitarias ni rastreadores de terceros. Los detalles, y cómo cambiar tus preferencias en cualquier momento, están en nuestra [política de cookies](/cookies).',
        ],
      },
      {
        id: 'menores',
        title: 'Menores',
        body: [
          'Las cuentas de la plataforma son solo para empresas y adultos. Las páginas de empresa están abiertas a todo el mundo, pero los fans menores de 16 años (o de la edad inferior que fije la ley de su país) solo deben registrarse para descargar con el consentimiento de sus padres o tutores.',
        ],
      },
      {
        id: 'cambios',
        title: 'Cambios en esta política',
        body: [
          `Esta es la versión ${POLICY_VERSION} de la política, actualizada el ${date}. Cuando la cambiemos, publicaremos aquí la nueva versión con su fecha; si el cambio es importante, avisaremos por correo a los titulares de cuentas antes de que entre en vigor.`,
        ],
      },
      {
        id: 'contacto',
        title: 'Contacto',
        body: [`Preguntas y solicitudes sobre privacidad: ${mail(f.contactEmail)}.`],
      },
    ],
  }),

  terms: (f) => ({
    title: 'Condiciones del servicio',
    summary: `El acuerdo entre Afterglow y las empresas que usan la plataforma: planes y prueba gratuita, pagos, contenido, datos de los fans y acuerdo de encargo del tratamiento, uso aceptable y responsabilidad.`,
    sections: [
      {
        id: 'acuerdo',
        title: 'El acuerdo',
        body: [
          `Estas condiciones regulan el uso de la plataforma Afterglow en ${f.siteUrl} (el "servicio") por parte de empresas y de las personas que trabajan para ellas. Al crear una cuenta o una empresa, aceptas estas condiciones en tu nombre y en el de la empresa que creas o a la que te unes, y confirmas que estás autorizado para ello.`,
          'El servicio está pensado para empresas y profesionales: promotores de eventos, artistas, salas, festivales y sus equipos. No se ofrece a consumidores para fines privados; los fans usan las páginas públicas de las empresas según las condiciones de la empresa correspondiente.',
        ],
      },
      {
        id: 'servicio',
        title: 'El servicio',
        body: [
          'Afterglow permite a una empresa publicar galerías de fotos y vídeos, contenidos descargables y eventos en su propia página pública con su marca, pedir a los fans que se registren antes de descargar, ver estadísticas de visualizaciones y descargas, y gestionar su equipo y su suscripción.',
          'Podemos mejorar y cambiar el servicio con el tiempo. No retiraremos una función esencial de tu plan de pago durante un periodo pagado sin avisarte antes y ofrecerte una solución justa.',
        ],
      },
      {
        id: 'cuentas',
        title: 'Cuentas, roles y seguridad',
        body: [
          {
            list: [
              'Facilita datos correctos y mantén actualizado tu correo; lo usamos para confirmaciones, restablecimientos de contraseña y avisos de seguridad.',
              'Mantén tu contraseña en secreto y activa la verificación en dos pasos. Eres responsable de lo que ocurra con tu cuenta hasta que nos avises de un uso indebido.',
              'Cada empresa tiene al menos un administrador. Los administradores deciden quién entra en el equipo y con qué rol (admin, gestor o usuario) y son responsables de retirar el acceso a quien ya no deba tenerlo.',
              `Por seguridad, las sesiones terminan tras ${f.sessionIdleMinutes} minutos sin actividad y el número de sesiones simultáneas por persona está limitado.`,
            ],
          },
        ],
      },
      {
        id: 'planes-y-pago',
        title: 'Planes, prueba gratuita y pago',
        body: [
          '**Planes.** Starter es gratuito. Professional y Enterprise son suscripciones mensuales de pago. Lo que incluye cada plan (almacenamiento, fotos por evento, marca personalizada, estadísticas, códigos QR, resolución de descarga, marcas, dominio propio, claves de API, copias de seguridad) se muestra en nuestros [precios](/#pricing) y en el área de administración.',
          `**Prueba gratuita.** Cada empresa puede probar Professional gratis durante ${f.trialDays} días, una sola vez. Al terminar la prueba, la empresa sigue en Starter salvo que un administrador se suscriba; el contenido se conserva, pero las funciones de Professional dejan de estar disponibles.`,
          '**Precios y monedas.** Los precios se muestran al mes en dólares estadounidenses, euros o reales brasileños. Se añaden los impuestos, como el IVA, cuando la ley lo exige.',
          '**Pago.** Las suscripciones se pagan por adelantado con tarjeta a través de nuestro proveedor de pagos y se renuevan automáticamente cada mes hasta su cancelación. Las facturas y el historial de cobros están disponibles en el área de administración, a través del portal de cliente del proveedor de pagos.',
          '**Cancelación.** Un administrador puede cancelar en cualquier momento; la suscripción termina al final del mes ya pagado y la empresa pasa a Starter. Los importes ya pagados no se reembolsan, salvo cuando la ley lo exija.',
          '**Impago.** Si un pago falla y no se regulariza tras los avisos, podemos pasar la empresa a Starter.',
          '**Cambios de precio.** Anunciamos los cambios de precio por correo con al menos 30 días de antelación; se aplican a partir del siguiente periodo de facturación y puedes cancelar antes.',
        ],
      },
      {
        id: 'contenido',
        title: 'Tu contenido',
        body: [
          'Conservas todos los derechos sobre las fotos, vídeos, archivos y textos que subes. Nos concedes la licencia no exclusiva y mundial que necesitamos para prestarte el servicio: almacenar tu contenido, crear versiones reducidas y vistas previas, y mostrarlo y entregarlo a quien elijas —en el caso del contenido publicado, al público— mientras permanezca en la plataforma.',
          'Confirmas que tienes los derechos necesarios para publicar tu contenido, incluidos los de fotógrafos y videógrafos y, cuando haga falta, los de las personas que aparecen en él, y que su publicación no infringe la ley. Si alguien pide que se le retire de una foto, atiende la solicitud con rapidez.',
          'Podemos retirar o bloquear contenido claramente ilícito o cuya retirada se nos ordene legalmente, y te diremos el motivo salvo que la ley lo prohíba.',
        ],
      },
      {
        id: 'datos-de-los-fans',
        title: 'Datos de los fans: tu papel como responsable',
        body: [
          'Respecto a los datos personales de los fans recogidos en tu página (leads, consentimientos, descargas), tu empresa es la responsable del tratamiento y Afterglow es su encargado. Tú decides qué recoges y por qué, y eres responsable de contar con una base jurídica, de informar a los fans —la página muestra un aviso de privacidad en tu nombre que debes revisar y, si hace falta, completar— y de atender sus solicitudes.',
          'Envía comunicaciones de marketing solo a los fans que dieron su consentimiento para ello y conserva los leads solo el tiempo necesario. Puedes eliminar leads en el área de administración en cualquier momento.',
        ],
      },
      {
        id: 'encargo-del-tratamiento',
        title: 'Acuerdo de encargo del tratamiento',
        body: [
          'Estas condiciones constituyen el contrato de encargo del tratamiento que exige el artículo 28 del RGPD (y la LGPD) para los datos de los fans que tratamos por tu cuenta:',
          {
            list: [
              '**Objeto y duración**: alojar tus páginas públicas y tratar los registros, consentimientos y descargas de los fans mientras uses el servicio.',
              '**Datos e interesados**: nombres, correos electrónicos, teléfonos y organizaciones opcionales, consentimientos, datos del navegador e historial de descargas de los fans.',
              '**Instrucciones**: tratamos los datos solo según tus instrucciones documentadas —estas condiciones y tu configuración en el servicio—, salvo que la ley exija otra cosa, en cuyo caso te avisaremos antes cuando esté permitido.',
              '**Confidencialidad**: todas las personas de Afterglow con acceso a los datos están sujetas a confidencialidad.',
              '**Seguridad**: aplicamos las medidas técnicas y organizativas descritas en nuestra [política de privacidad](/privacy), incluido el aislamiento de los datos de cada empresa, el cifrado en tránsito, el control de acceso y el registro de auditoría.',
              '**Subencargados**: autorizas las categorías de proveedores indicadas en nuestra política de privacidad (alojamiento, almacenamiento de objetos, envío de correo). Les imponemos las mismas obligaciones de protección de datos, te informamos de los cambios previstos y puedes oponerte por motivos fundados.',
              '**Asistencia**: te ayudamos a atender las solicitudes de los fans y a cumplir tus obligaciones de seguridad, notificación de violaciones y evaluaciones de impacto, en la medida razonable para nuestro papel.',
              '**Violaciones de seguridad**: te avisamos sin dilación indebida cuando tengamos conocimiento de una violación de datos que afecte a los datos de tus fans.',
              `**Fin del tratamiento**: al cerrar tu cuenta, eliminamos los datos ${period(f.retention.closedAccounts)} después, tras darte la oportunidad de exportar tus leads, salvo que la ley obligue a conservarlos.`,
              '**Auditorías**: ponemos a tu disposición la información necesaria para demostrar el cumplimiento y permitimos auditorías razonables, anunciadas con antelación y a tu cargo.',
            ],
          },
        ],
      },
      {
        id: 'uso-aceptable',
        title: 'Uso aceptable',
        body: [
          'No uses el servicio para:',
          {
            list: [
              'publicar contenido ilícito, que infrinja derechos de terceros o que sexualice a menores;',
              'acosar a personas, enviar spam o contactar con fans sin una base válida;',
              'subir malware o intentar vulnerar, sondear o sobrecargar el servicio o los datos de otras empresas;',
              'eludir los límites de los planes, los límites de peticiones o las medidas de seguridad, o extraer datos del servicio de forma automatizada sin nuestro permiso;',
              'revender el servicio o usarlo para crear un producto competidor, salvo acuerdo por escrito.',
            ],
          },
        ],
      },
      {
        id: 'disponibilidad',
        title: 'Disponibilidad y soporte',
        body: [
          'Trabajamos para que el servicio esté disponible y sea rápido, y programamos el mantenimiento en horas tranquilas siempre que podemos, pero no garantizamos una disponibilidad ininterrumpida. El soporte se presta por correo electrónico. Los niveles de servicio, un gestor de cuenta dedicado y las condiciones a medida para clientes Enterprise se acuerdan por escrito.',
          'Guarda tus propias copias del contenido importante: la plataforma no es una copia de seguridad de tus archivos, salvo que tu plan incluya la exportación automática de copias de seguridad.',
        ],
      },
      {
        id: 'suspension-y-baja',
        title: 'Suspensión y baja',
        body: [
          'Un administrador puede cerrar la cuenta de la empresa en cualquier momento desde la configuración (Datos de la empresa), o pedirnos que la cerremos. Podemos suspender o cerrar una cuenta que incumpla estas condiciones de forma grave o reiterada, o cuando la ley lo exija; siempre que sea posible, te avisaremos antes y te daremos tiempo para corregirlo.',
          'Antes de cerrar una cuenta puedes exportar tus leads y descargar tu contenido. Después, los datos se eliminan como se describe en la política de privacidad.',
        ],
      },
      {
        id: 'propiedad-intelectual',
        title: 'Nuestra propiedad intelectual',
        body: [
          'La plataforma, su software, su diseño y el nombre y logotipo de Afterglow nos pertenecen a nosotros o a nuestros licenciantes. Estas condiciones te dan derecho a usar el servicio, no su propiedad. Si nos envías sugerencias, podemos usarlas sin obligación alguna.',
        ],
      },
      {
        id: 'responsabilidad',
        title: 'Garantías y responsabilidad',
        body: [
          'Prestamos el servicio con una diligencia razonable. Más allá de eso, y en la medida en que la ley lo permita, el servicio se ofrece tal cual, sin otras garantías.',
          'Nuestra responsabilidad total por todas las reclamaciones en un año se limita a lo que tu empresa nos haya pagado en los doce meses anteriores al hecho que origine la reclamación (o 100 euros, si es mayor). No respondemos de daños indirectos, como el lucro cesante o la pérdida de datos que una copia de seguridad razonable habría evitado.',
          'Estos límites no se aplican a la responsabilidad que la ley no permite limitar, como en caso de dolo, negligencia grave o muerte o lesiones causadas por negligencia.',
          'Eres responsable de tu contenido y del uso que hagas de los datos de los fans, y nos indemnizarás por las reclamaciones de terceros derivadas de ellos.',
        ],
      },
      {
        id: 'cambios',
        title: 'Cambios en estas condiciones',
        body: [
          `Esta es la versión ${POLICY_VERSION} de las condiciones, actualizada el ${date}. Avisamos a los administradores de los cambios importantes por correo con al menos 30 días de antelación. Si no estás de acuerdo, puedes cancelar antes; seguir usando el servicio después implica aceptar las nuevas condiciones.`,
        ],
      },
      {
        id: 'ley',
        title: 'Ley aplicable y conflictos',
        body: [
          'Estas condiciones se rigen por la ley del país en el que está establecido el operador de Afterglow, sin perjuicio de las normas imperativas del país en el que tenga su sede tu empresa. Antes de acudir a los tribunales, ambas partes intentaremos de buena fe resolver cualquier desacuerdo hablando.',
        ],
      },
      {
        id: 'contacto',
        title: 'Contacto',
        body: [`Preguntas sobre estas condiciones: ${mail(f.contactEmail)}.`],
      },
    ],
  }),

  cookies: (f) => ({
    title: 'Política de cookies',
    summary: `Qué cookies y almacenamiento del navegador usan Afterglow y las páginas de empresa que aloja, para qué sirven, cuánto duran y cómo cambiar tus preferencias.`,
    sections: [
      {
        id: 'que-son',
        title: 'Qué son las cookies y el almacenamiento local',
        body: [
          'Las cookies son pequeños archivos de texto que una web guarda en tu navegador y vuelve a leer en visitas posteriores. El almacenamiento local es un espacio parecido del navegador donde una web guarda valores pequeños; no se envía al servidor automáticamente. Esta política cubre ambos, en nuestra web y en las páginas de empresa que alojamos.',
        ],
      },
      {
        id: 'categorias',
        title: 'Categorías',
        body: [
          {
            list: [
              '**Necesarias**: imprescindibles para que la web funcione y para lo que le pides: iniciar sesión, mantener la seguridad, recordar que te registraste para descargar, tu idioma y tus preferencias de cookies. No se pueden desactivar.',
              '**Funcionales**: recuerdan comodidades opcionales más allá de lo estrictamente necesario.',
              '**Analíticas**: nos ayudan, a nosotros y a las empresas, a entender qué páginas, fotos y vídeos se ven, contando las visitas repetidas una sola vez.',
              '**Marketing**: servirían para mostrar o medir publicidad.',
            ],
          },
          `Afterglow usa cookies y almacenamiento necesarios y, solo si permites las analíticas, una cookie analítica propia: un número aleatorio, sin relación con tu nombre ni tu e-mail, para que una visita repetida en ${f.visitorCookieMonths} meses cuente una sola vez. Sin ella, las visitas se siguen contando de forma anónima, con una clave que cambia cada día. No usamos cookies de marketing ni rastreadores de terceros. Si retiras el consentimiento para analíticas, la cookie se borra en la página siguiente.`,
        ],
      },
      {
        id: 'que-usamos',
        title: 'Qué usamos',
        body: [
          {
            table: {
              head: ['Nombre', 'Tipo', 'Categoría', 'Finalidad', 'Duración'],
              rows: storageRows(
                {
                  session: {
                    purpose:
                      'Mantiene la sesión del equipo de las empresas en el área de administración. En https el nombre empieza por `__Secure-`. Solo se crea al iniciar sesión.',
                    duration: `Termina tras ${f.sessionIdleMinutes} minutos sin actividad o al cerrar sesión`,
                  },
                  twoFactor: {
                    purpose:
                      'Une el segundo paso del inicio de sesión con el primero cuando la verificación en dos pasos está activa.',
                    duration: '10 minutos',
                  },
                  lead: {
                    name: '`ag_lead_…` (una por empresa)',
                    purpose:
                      'Firmada por nuestro servidor; recuerda que ya te registraste en la página de esa empresa, para descargar sin rellenar de nuevo el formulario.',
                    duration: `${f.leadCookieDays} días`,
                  },
                  lang: { purpose: 'Indica al servidor en qué idioma mostrar las páginas.', duration: '1 año' },
                  selectedLanguage: {
                    purpose: 'El idioma que elegiste, guardado en el navegador.',
                    duration: 'Hasta que lo borres; se mantiene al cerrar sesión',
                  },
                  language: {
                    purpose: 'La misma elección de idioma con su nombre antiguo, si existe.',
                    duration: 'Hasta que lo borres; se mantiene al cerrar sesión',
                  },
                  trackingConsent: {
                    purpose: 'Tu decisión sobre las cookies (aceptadas o rechazadas), su versión y su fecha.',
                    duration: `${f.consentValidityDays} días`,
                  },
                  cookiePreferences: {
                    purpose:
                      'Las categorías que permitiste y un registro de tus diez últimas elecciones (fecha, categorías, navegador, página).',
                    duration: `${f.consentValidityDays} días`,
                  },
                  bannerSeen: {
                    purpose:
                      'Que respondiste o cerraste el aviso de cookies, para que no vuelva a aparecer en cada página.',
                    duration: `${f.consentValidityDays} días`,
                  },
                  visitor: {
                    purpose:
                      'Solo con tu consentimiento para analíticas: un número aleatorio que hace que las visitas repetidas a la página de una empresa cuenten una sola vez. Sin relación con tu nombre ni tu e-mail.',
                    duration: `${f.visitorCookieMonths} meses, o hasta que retires el consentimiento para analíticas`,
                  },
                },
                {
                  cookie: 'Cookie',
                  localStorage: 'Almacenamiento local',
                  necessary: 'Necesaria',
                  analytics: 'Analítica',
                },
              ),
            },
          },
        ],
      },
      {
        id: 'consentimiento',
        title: 'Tu consentimiento y cómo cambiarlo',
        body: [
          'En tu primera visita, un aviso te permite aceptar todas las categorías, rechazar las opcionales o elegir por categoría. Las cookies necesarias están siempre activas. Rechazar mantiene el almacenamiento funcional y desactiva las analíticas y de marketing.',
          `Tu elección se guarda en el navegador durante ${f.consentValidityDays} días y va ligada a la versión ${POLICY_VERSION} de esta política; pasado ese tiempo, o si cambia la versión, volvemos a preguntar. Puedes cambiar tu elección en cualquier momento con el enlace **Configuración de cookies** al pie de cada página, y retirar el consentimiento es tan fácil como darlo.`,
          'También puedes borrar las cookies y el almacenamiento local desde la configuración del navegador. Si borras las necesarias, se cerrará tu sesión, se te volverá a preguntar el idioma y, en la página de una empresa, tendrás que registrarte de nuevo antes de descargar.',
        ],
      },
      {
        id: 'paginas-de-empresa',
        title: 'Páginas de empresa',
        body: [
          'Las páginas de empresa alojadas en Afterglow —en nuestra dirección o en el subdominio o dominio propio de la empresa— usan las mismas cookies y la misma configuración de consentimiento. La empresa cuya página visitas es responsable de los datos que dejas allí; consulta su aviso de privacidad, enlazado en el pie de página.',
        ],
      },
      {
        id: 'mas-informacion',
        title: 'Más información',
        body: [
          `Cómo tratamos los datos personales en general se explica en nuestra [política de privacidad](/privacy). Preguntas: ${mail(f.contactEmail)}.`,
        ],
      },
    ],
  }),

  companyTerms: (f) => ({
    title: `Condiciones de uso — ${f.companyName}`,
    summary: `Las normas para usar la página de ${f.companyName}: ver y descargar las fotos y los vídeos, registrarte antes de una descarga y qué puedes hacer con ellos.`,
    sections: [
      {
        id: 'sobre',
        title: 'Sobre esta página',
        body: [
          `Esta página y sus galerías las publica **${f.companyName}**, que es responsable de ellas. Funciona en Afterglow, una plataforma que aloja páginas de promotores de eventos y artistas; Afterglow aporta la tecnología por cuenta de ${f.companyName}. Al usar la página aceptas estas condiciones.`,
        ],
      },
      {
        id: 'uso-del-contenido',
        title: 'Uso de las fotos y los vídeos',
        body: [
          `Las fotos, los vídeos y demás archivos pertenecen a ${f.companyName} o a los fotógrafos, videógrafos y artistas que los crearon. Puedes verlos y descargarlos para tu **uso personal y no comercial**, y compartirlos en tus redes sociales mencionando a ${f.companyName} cuando sea posible.`,
          'Sin permiso por escrito no puedes:',
          {
            list: [
              'usarlos comercialmente, por ejemplo en publicidad, merchandising o publicaciones de pago;',
              'editarlos de forma que distorsione a las personas que aparecen o el evento, ni eliminar marcas de agua o créditos;',
              'presentarlos como obra tuya ni venderlos o cederlos a terceros.',
            ],
          },
        ],
      },
      {
        id: 'registro',
        title: 'Registro antes de una descarga',
        body: [
          `Algunas descargas piden antes tu nombre y tu correo electrónico. Facilita tus propios datos y que sean correctos. Cómo los usa ${f.companyName} se explica en su [aviso de privacidad](${f.companyBasePath}/privacidade).`,
        ],
      },
      {
        id: 'personas-en-las-fotos',
        title: 'Si apareces en una foto',
        body: [
          `Si apareces en una foto o un vídeo y quieres que se retire, contacta con ${f.companyName}, que revisará tu solicitud con rapidez.`,
        ],
      },
      {
        id: 'uso-justo',
        title: 'Uso razonable de la página',
        body: [
          'No intentes eludir el registro, extraer el contenido de forma masiva y automatizada, sobrecargar la página ni acceder a lo que no se ha publicado para ti.',
        ],
      },
      {
        id: 'disponibilidad',
        title: 'Disponibilidad y responsabilidad',
        body: [
          `La página se ofrece de forma gratuita. ${f.companyName} puede cambiar o retirar galerías en cualquier momento y no garantiza que la página esté siempre disponible. En la medida en que la ley lo permita, ni ${f.companyName} ni Afterglow responden de los perjuicios derivados del uso o de la imposibilidad de usar la página; tus derechos como consumidor no se ven afectados.`,
        ],
      },
      {
        id: 'contacto',
        title: 'Contacto',
        body: [
          `Contacta con ${f.companyName} a través de los datos de contacto de su página o de sus canales oficiales. Si no lo consigues, escribe a Afterglow a ${mail(f.contactEmail)} y le haremos llegar tu mensaje.`,
          `Versión ${POLICY_VERSION}, actualizada el ${date}.`,
        ],
      },
    ],
  }),

  companyPrivacy: (f) => ({
    title: `Aviso de privacidad — ${f.companyName}`,
    summary: `Cómo trata ${f.companyName} tus datos personales cuando visitas su página y te registras para descargar fotos y vídeos.`,
    sections: [
      {
        id: 'responsable',
        title: 'Quién es el responsable',
        body: [
          `**${f.companyName}** es la responsable del tratamiento de los datos personales recogidos en esta página: decide por qué se recogen tus datos y cómo se usan.`,
          `La página está alojada por **Afterglow**, que trata los datos solo por cuenta y siguiendo las instrucciones de ${f.companyName}, como encargado del tratamiento, en virtud de un contrato de encargo. Afterglow no usa tus datos para fines propios ni los vende.`,
        ],
      },
      {
        id: 'datos',
        title: 'Qué se recoge',
        body: [
          {
            list: [
              '**Cuando te registras para descargar**: tu nombre completo y tu correo electrónico y, si el formulario los pide, tu teléfono y tu empresa u organización.',
              '**Tus consentimientos**: que aceptaste este aviso (con fecha y hora), tu consentimiento al tratamiento de tus datos, tu consentimiento opcional a recibir marketing, la versión de este aviso y tu idioma.',
              '**Contexto del registro**: la página en la que te registraste y tu navegador (user agent).',
              '**Descargas**: qué descargaste, cuándo y con qué calidad.',
              `**Datos técnicos**: tu dirección IP, usada brevemente para proteger la página frente a abusos (límite de peticiones) y en registros del servidor conservados ${period(f.retention.logs)}.`,
              '**Cookies y almacenamiento local**: una cookie firmada que recuerda tu registro en esta página, tu idioma, tus preferencias de cookies y, solo con tu consentimiento para analíticas, un número de visitante aleatorio; consulta la [política de cookies](/cookies).',
            ],
          },
          `Las visualizaciones y otras visitas se cuentan sin identificarte: la clave aleatoria del día que convierte tu conexión en un número anónimo se elimina tras ${period(f.retention.analyticsSalt)}, y cada visita contada tras ${period(f.retention.analyticsEvents)}; solo quedan los totales diarios.`,
        ],
      },
      {
        id: 'finalidades',
        title: 'Para qué y con qué base jurídica',
        body: [
          {
            table: {
              head: ['Finalidad', 'Base jurídica'],
              rows: [
                [
                  'Darte las fotos y los vídeos que pediste y guardar constancia de tu registro y tus consentimientos',
                  'Tu consentimiento (RGPD art. 6.1.a; LGPD art. 7, I)',
                ],
                [
                  `Entender qué contenidos y eventos gustan a los fans, para que ${f.companyName} mejore sus conciertos y páginas`,
                  `Tu consentimiento al tratamiento de tus datos y el interés legítimo de ${f.companyName} (RGPD art. 6.1.f; LGPD art. 7, IX)`,
                ],
                [
                  `Enviarte novedades y ofertas de ${f.companyName} (entradas, lanzamientos, merchandising)`,
                  'Solo si marcaste el consentimiento opcional al marketing (RGPD art. 6.1.a; LGPD art. 7, I)',
                ],
                [
                  'Proteger la página frente a abusos',
                  'Interés legítimo en un servicio seguro (RGPD art. 6.1.f; LGPD art. 7, IX)',
                ],
              ],
            },
          },
          'Facilitar tus datos es voluntario, pero algunas descargas solo están disponibles tras el registro.',
        ],
      },
      {
        id: 'encuentrame',
        title: 'Encuéntrame: encontrar tus fotos con un selfie',
        body: [
          'Cuando una galería ofrece **Encuéntrame**, puedes hacerte un selfie o elegir una foto tuya para encontrar las fotos de esa galería en las que apareces. Solo se usa si lo pides y marcas su propia casilla de consentimiento.',
          {
            list: [
              '**Qué se trata**: tu selfie, para leer los rasgos de tu cara (dato biométrico) y compararlos con las caras de las fotos de la galería. El selfie se trata en memoria y se descarta al instante: nunca se guarda, nunca pasa a los registros y nunca se comparte.',
              '**Qué se guarda**: que se hizo una búsqueda (fecha y hora, la versión del texto de consentimiento, tu idioma) y qué fotos encontró, para que tu enlace las abra durante 30 días. Nada de ello te identifica.',
              '**Las fotos de la galería**: mientras Encuéntrame esté activo en una galería, las caras de sus fotos se guardan como números (no imágenes) para que las búsquedas las encuentren; se borran con la foto, con la galería o en cuanto la empresa desactiva Encuéntrame.',
              '**Base jurídica**: tu consentimiento explícito (RGPD art. 9.2.a; LGPD art. 11, I), que puedes retirar en cualquier momento dejando de buscar; una solicitud de "Quitarme" pide a la empresa que oculte esas fotos o deje tu cara fuera de la búsqueda.',
            ],
          },
        ],
      },
      {
        id: 'destinatarios',
        title: 'Quién ve tus datos',
        body: [
          `Solo los miembros autorizados del equipo de ${f.companyName} (sus administradores y gestores) pueden ver y exportar la lista de registros; cada acceso queda anotado. Afterglow y sus proveedores (alojamiento, almacenamiento, envío de correo) tratan los datos solo para que la página funcione. Tus datos no se venden. Solo se comunican a las autoridades cuando la ley lo exige.`,
          `Si ${f.companyName} conecta sus propios sistemas a la página (por ejemplo su herramienta de correo o de entradas, mediante la API o los webhooks de Afterglow), tu registro se les envía cuando te registras, con las mismas reglas. Afterglow guarda una copia de cada mensaje enviado durante ${period(f.retention.webhookDeliveries)} para demostrar que llegó, y después la elimina.`,
          'Algunos de estos proveedores pueden tratar datos fuera de tu país. En ese caso, están protegidos por una decisión de adecuación o por cláusulas contractuales tipo.',
        ],
      },
      {
        id: 'conservacion',
        title: 'Cuánto tiempo se conservan',
        body: [
          `Tu registro se conserva hasta que retires tu consentimiento o pidas su supresión, o hasta que ${f.companyName} lo elimine por no ser ya necesario, y como máximo hasta que ${f.companyName} cierre su cuenta de Afterglow. El consentimiento al marketing termina en cuanto lo retiras. La cookie firmada permanece en tu navegador durante ${f.leadCookieDays} días, o hasta que la borres.`,
        ],
      },
      {
        id: 'derechos',
        title: 'Tus derechos',
        body: [
          'Tienes derecho a acceder a tus datos, rectificarlos o suprimirlos, limitar u oponerte a su tratamiento, recibirlos en un formato portable y retirar tu consentimiento en cualquier momento; la retirada no afecta a lo hecho antes. También puedes reclamar ante una autoridad de protección de datos, en particular la del lugar donde vives (en España, la AEPD; en Brasil, la ANPD).',
          `Para ejercer estos derechos, contacta con ${f.companyName} a través de los datos de contacto de su página. También puedes escribir a Afterglow a ${mail(f.contactEmail)}: trasladará tu solicitud a ${f.companyName} sin demora.`,
        ],
      },
      {
        id: 'cambios',
        title: 'Cambios',
        body: [
          `Esta es la versión ${POLICY_VERSION} de este aviso, actualizada el ${date}. Si cambia de forma importante, la nueva versión se mostrará aquí y, cuando vuelva a ser necesario tu consentimiento, se te pedirá.`,
        ],
      },
    ],
  }),
}
