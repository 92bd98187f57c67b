import { POLICY_VERSION } from '../legal-document'
import { periodWords, policyDate, storageRows, type LegalContent } from './facts'

const mail = (address: string) => `[${address}](mailto:${address})`
const period = periodWords({
  minutes: ['minuto', 'minutos'],
  hours: ['hora', 'horas'],
  days: ['dia', 'dias'],
  months: ['mês', 'meses'],
})
const date = policyDate('pt')

export const pt: LegalContent = {
  privacy: (f) => ({
    title: 'Política de privacidade',
    summary: `Como o Afterglow trata dados pessoais: o que coletamos das empresas que usam a plataforma e dos visitantes do nosso site, por quê, por quanto tempo, quem mais tem acesso e quais são os seus direitos.`,
    sections: [
      {
        id: 'quem-somos',
        title: 'Quem somos e o que esta política abrange',
        body: [
          `O Afterglow ("nós") opera a plataforma em ${f.siteUrl}, na qual empresas que realizam eventos ao vivo — produtores, artistas, promotores, casas de show e festivais — publicam galerias de fotos e vídeos com a sua marca, coletam os dados dos fãs antes dos downloads e acompanham métricas.`,
          'Tratamos dados pessoais em dois papéis diferentes:',
          {
            list: [
              '**Como controlador**, para os dados de quem tem conta na plataforma (equipes das empresas), dos visitantes deste site e de quem registra interesse, assina a nossa newsletter ou nos escreve. Esta política descreve esse tratamento.',
              '**Como operador**, para os dados que os fãs deixam nas páginas de uma empresa (por exemplo, nome e e-mail antes de um download). Nesse caso, a empresa é a controladora: ela decide por que os dados são coletados e por quanto tempo são mantidos, e nós os tratamos apenas em nome dela e conforme as suas instruções. Cada página de empresa tem o seu próprio aviso de privacidade, no link "Privacidade" do rodapé; os fãs devem dirigir os seus pedidos primeiro a essa empresa.',
            ],
          },
          `Para qualquer dúvida sobre esta política ou sobre os seus dados, escreva para ${mail(f.contactEmail)}.`,
        ],
      },
      {
        id: 'dados-coletados',
        title: 'O que coletamos',
        body: [
          {
            table: {
              head: ['Categoria', 'Dados', 'Origem'],
              rows: [
                [
                  'Conta',
                  'Nome de exibição, endereço de e-mail, senha (guardada apenas como hash com salt), segredo e códigos de backup da autenticação em dois fatores se você a ativar, idioma da interface, o seu papel em cada empresa (admin, gerente, usuário).',
                  'Você, ao se cadastrar, aceitar um convite ou alterar as suas configurações.',
                ],
                [
                  'Empresa',
                  'Nome da empresa, endereço da página e subdomínio, logo, cores, textos da página, plano e tudo o que a empresa envia: fotos, vídeos, arquivos, títulos, descrições, eventos.',
                  'A equipe da empresa.',
                ],
                [
                  'Segurança',
                  'Sessões (endereço IP, navegador, início e última atividade), registros de auditoria (logins, exportações de leads, alterações de configuração, ações privilegiadas), contadores de limite de requisições.',
                  'Gerados pelo uso da plataforma.',
                ],
                [
                  'Cobrança',
                  'Plano, situação da assinatura, data de renovação, datas do teste, a referência de cliente no nosso provedor de pagamentos com cartão, faturas. Os números de cartão são informados ao provedor de pagamentos e nunca chegam aos nossos servidores.',
                  'Você e o provedor de pagamentos.',
                ],
                [
                  'Formulários do site',
                  'Registro de interesse e newsletter: e-mail, idioma, data. Formulário de contato: nome, e-mail, mensagem, idioma, data.',
                  'Você, ao enviar um formulário.',
                ],
                [
                  'Dados técnicos',
                  'Logs do servidor: horário, endereço solicitado, status da resposta, identificador da requisição e erros.',
                  'O seu navegador, ao se comunicar com os nossos servidores.',
                ],
              ],
            },
          },
          'Não coletamos dados pessoais sensíveis (como de saúde ou opinião política) e pedimos que você não os inclua em mensagens ou envios, salvo quando necessário.',
        ],
      },
      {
        id: 'finalidades',
        title: 'Para que usamos e com qual base legal',
        body: [
          {
            table: {
              head: ['Finalidade', 'Dados', 'Base legal'],
              rows: [
                [
                  'Fornecer a plataforma: contas, páginas das empresas, envios, galerias, eventos, métricas, leads',
                  'Conta, empresa',
                  'Execução do contrato com você ou a sua empresa (LGPD art. 7º, V; GDPR art. 6(1)(b))',
                ],
                [
                  'E-mails do serviço: confirmação de endereço, redefinição de senha, convites de equipe, avisos de segurança',
                  'Conta',
                  'Execução do contrato (LGPD art. 7º, V; GDPR art. 6(1)(b))',
                ],
                [
                  'Manter as contas e a plataforma seguras: sessões, autenticação em dois fatores, registro de auditoria, limites para logins e envios de formulários repetidos, investigação de abusos',
                  'Segurança, dados técnicos',
                  'Nosso legítimo interesse em um serviço seguro e na proteção dos usuários (LGPD art. 7º, IX; GDPR art. 6(1)(f))',
                ],
                [
                  'Assinaturas, faturas e contabilidade',
                  'Cobrança',
                  'Execução do contrato e cumprimento de obrigação legal de manter registros contábeis e fiscais (LGPD art. 7º, II e V; GDPR art. 6(1)(b) e (c))',
                ],
                [
                  'Responder mensagens de contato e registros de interesse',
                  'Formulários do site',
                  'Procedimentos preliminares a um contrato, a seu pedido, e nosso legítimo interesse em responder a quem nos escreve (LGPD art. 7º, V e IX; GDPR art. 6(1)(b) e (f))',
                ],
                [
                  'Enviar a newsletter',
                  'E-mail',
                  'Seu consentimento (LGPD art. 7º, I; GDPR art. 6(1)(a)), que pode ser revogado a qualquer momento',
                ],
                [
                  'Lembrar o seu idioma e as suas escolhas de cookies',
                  'Armazenamento no navegador',
                  'Estritamente necessário para o serviço que você pediu; veja a política de cookies',
                ],
              ],
            },
          },
          'Não vendemos dados pessoais, não os usamos para perfis de publicidade e não tomamos decisões baseadas unicamente em tratamento automatizado que afetem os seus interesses de forma significativa.',
        ],
      },
      {
        id: 'dados-dos-fas',
        title: 'Dados dos fãs nas páginas das empresas',
        body: [
          'Quando um fã se cadastra na página de uma empresa para baixar fotos ou vídeos, guardamos em nome dessa empresa:',
          {
            list: [
              'nome completo e e-mail e — se a empresa pedir — telefone e empresa ou organização;',
              'os consentimentos dados: aceite do aviso de privacidade (com data e hora), consentimento para o tratamento dos dados, consentimento opcional para marketing, a versão do aviso e o idioma;',
              'a página e o navegador (user agent) a partir dos quais o fã se cadastrou;',
              'o que foi baixado e quando;',
              'um cookie assinado por página de empresa, para que o fã não precise se cadastrar de novo a cada download.',
            ],
          },
          'A empresa é a controladora desses dados e decide para que são usados e por quanto tempo são mantidos. Nós atuamos como operador: tratamos os dados apenas conforme as instruções documentadas da empresa (os nossos [termos de serviço](/terms) incluem os termos de tratamento de dados), mantemos os dados de cada empresa separados dos de todas as outras e nunca os usamos para fins próprios.',
          'Dentro da empresa, apenas administradores e gerentes podem ver e exportar os leads; cada visualização da lista e cada exportação fica registrada no registro de auditoria da empresa.',
          `Se você é fã e quer exercer os seus direitos, entre em contato com a empresa cuja página você usou. Você também pode escrever para ${mail(f.contactEmail)}: encaminharemos o seu pedido à empresa sem demora e a ajudaremos a responder.`,
        ],
      },
      {
        id: 'retencao',
        title: 'Por quanto tempo mantemos os dados',
        body: [
          {
            table: {
              head: ['Dados', 'Prazo'],
              rows: [
                [
                  'Dados da conta e da empresa, conteúdo enviado',
                  `Enquanto a conta existir. Um administrador pode encerrar a conta nas configurações; nós a excluímos, com os arquivos e backups, ${period(f.retention.closedAccounts)} depois (até lá, ela pode ser reaberta). Cópias nos nossos próprios backups são sobrescritas em mais 30 dias.`,
                ],
                [
                  'Dados dos fãs (como operador)',
                  'Conforme a empresa decidir; no máximo, são excluídos junto com a conta da empresa.',
                ],
                [
                  'Sessões',
                  `Terminam após ${f.sessionIdleMinutes} minutos sem atividade ou ao sair; o registro de uma sessão encerrada (endereço IP, navegador) é excluído ${period(f.retention.endedSessions)} depois.`,
                ],
                [
                  'Registro de auditoria',
                  'Enquanto a conta da empresa existir, para que os seus administradores possam revisar ações relevantes para a segurança.',
                ],
                [
                  'Contadores de limite de requisições',
                  `Contadores de login: ${period(f.retention.signInCounters)}. Contadores de formulários: ${f.formRateLimitMinutes} minutos, vinculados a um hash irreversível do seu endereço IP, nunca ao endereço em si.`,
                ],
                [
                  'Mensagens de contato e registros de interesse',
                  `Excluídos ${period(f.retention.websiteMessages)} após a nossa última troca de mensagens.`,
                ],
                ['Assinatura da newsletter', 'Até você cancelar a assinatura ou revogar o consentimento.'],
                [
                  'Registros de cobrança e faturas',
                  'Pelo prazo exigido pela legislação fiscal e contábil (normalmente de 5 a 10 anos).',
                ],
                ['Logs do servidor', `${period(f.retention.logs)}; depois são excluídos.`],
                [
                  'Mensagens enviadas aos sistemas de uma empresa (webhooks)',
                  `Uma cópia de cada uma, com as tentativas de entrega, por ${period(f.retention.webhookDeliveries)}; depois é excluída.`,
                ],
                ['Escolhas de cookies no seu navegador', `${f.consentValidityDays} dias; depois perguntamos de novo.`],
              ],
            },
          },
        ],
      },
      {
        id: 'destinatarios',
        title: 'Com quem compartilhamos',
        body: [
          'Usamos um pequeno número de prestadores de serviço que tratam dados em nosso nome, com contratos escritos de tratamento de dados e apenas na medida do necessário:',
          {
            list: [
              '**Hospedagem**: os servidores e o banco de dados que executam a plataforma.',
              '**Armazenamento de objetos**: onde ficam as fotos, os vídeos e os arquivos enviados.',
              '**Envio de e-mails**: o serviço que envia os nossos e-mails (confirmações, redefinições, convites, notificações).',
              '**Provedor de pagamentos com cartão**: processa os pagamentos das assinaturas. Para os dados do cartão e a prevenção de fraudes, atua como controlador independente, segundo a sua própria política de privacidade.',
            ],
          },
          `Uma lista atualizada desses prestadores, com as suas localizações, está disponível mediante pedido em ${mail(f.contactEmail)}.`,
          'Dentro de uma empresa, os administradores veem os membros da equipe e a atividade deles no registro de auditoria. Só fornecemos dados a autoridades quando a lei nos obriga, e verificamos cada pedido.',
        ],
      },
      {
        id: 'transferencias',
        title: 'Transferências internacionais',
        body: [
          'Alguns prestadores podem tratar dados fora do Brasil ou do Espaço Econômico Europeu. Nesses casos, usamos os mecanismos do art. 33 da LGPD — como cláusulas-padrão contratuais — e, para dados sujeitos ao GDPR, decisões de adequação da Comissão Europeia ou as suas Cláusulas Contratuais-Padrão, com salvaguardas adicionais quando necessário. Você pode nos pedir uma cópia dessas garantias.',
        ],
      },
      {
        id: 'seguranca',
        title: 'Como protegemos os dados',
        body: [
          {
            list: [
              'conexões criptografadas (HTTPS) e cabeçalhos de segurança em todas as páginas;',
              'senhas guardadas apenas como hash com salt, autenticação em dois fatores opcional, sessões que terminam por inatividade e poucas sessões simultâneas por pessoa;',
              'os dados de cada empresa isolados no banco de dados (segurança em nível de linha), de modo que uma empresa nunca consegue ler os dados de outra;',
              'papéis que limitam quem pode ver leads e alterar configurações, e um registro de auditoria das ações sensíveis que não pode ser alterado;',
              'limites para logins e envios de formulários repetidos.',
            ],
          },
          'Se um incidente de segurança puder acarretar risco ou dano relevante a você, comunicaremos a autoridade competente e, quando exigido, você, em prazo razoável.',
        ],
      },
      {
        id: 'seus-direitos',
        title: 'Os seus direitos',
        body: [
          'Nos termos da lei, você tem direito a:',
          {
            list: [
              '**confirmação e acesso** aos dados pessoais que temos sobre você, com uma cópia;',
              '**correção** de dados incompletos, inexatos ou desatualizados;',
              '**eliminação** dos seus dados, e anonimização ou bloqueio de dados desnecessários ou excessivos;',
              '**limitação** do tratamento;',
              '**portabilidade**: receber os dados que você nos forneceu em formato estruturado e legível por máquina, ou enviá-los a outro fornecedor;',
              '**oposição** ao tratamento baseado no nosso legítimo interesse;',
              '**revogação do consentimento** a qualquer momento (por exemplo, da newsletter ou de cookies opcionais), sem afetar o tratamento feito antes;',
              '**reclamação** à autoridade de proteção de dados — no Brasil, a Autoridade Nacional de Proteção de Dados (ANPD); na União Europeia, a autoridade de controle do país onde você mora ou trabalha ou onde a infração ocorreu.',
            ],
          },
          `Para exercer os seus direitos, escreva para ${mail(f.contactEmail)}. Respondemos em até 15 dias e, quando o GDPR se aplicar, em no máximo um mês; podemos pedir que você confirme a sua identidade. Muitos dados da conta você mesmo pode alterar na área administrativa.`,
          'Para os dados que você deixou como fã na página de uma empresa, a responsável é a empresa; veja acima a seção sobre dados dos fãs.',
        ],
      },
      {
        id: 'cookies',
        title: 'Cookies e armazenamento local',
        body: [
          'Usamos apenas os cookies e o armazenamento no navegador de que o serviço precisa, como o cookie de sessão e o registro do seu idioma e das suas escolhas de cookies. Com o seu consentimento para análise, um cookie próprio conta as suas visitas repetidas uma só vez; não usamos cookies de publicidade nem rastreadores de terceiros. Os detalhes, e como mudar as suas escolhas a qualquer momento, estão na nossa [política de cookies](/cookies).',
        ],
      },
      {
        id: 'criancas',
        title: 'Crianças e adolescentes',
        body: [
          'As contas da plataforma são apenas para empresas e adultos. As páginas das empresas são abertas a todos, mas fãs menores de 16 anos (ou da idade mínima prevista na lei do seu país) só devem se cadastrar para baixar conteúdo com o consentimento de um dos pais ou responsável.',
        ],
      },
      {
        id: 'alteracoes',
        title: 'Alterações desta política',
        body: [
          `Esta é a versão ${POLICY_VERSION} da política, atualizada em ${date}. Quando a alterarmos, publicaremos a nova versão aqui com a nova data; se a mudança for relevante, avisaremos os titulares de contas por e-mail antes de ela entrar em vigor.`,
        ],
      },
      {
        id: 'contato',
        title: 'Contato',
        body: [`Dúvidas e pedidos sobre privacidade (encarregado de dados): ${mail(f.contactEmail)}.`],
      },
    ],
  }),

  terms: (f) => ({
    title: 'Termos de serviço',
    summary: `O contrato entre o Afterglow e as empresas que usam a plataforma: planos e teste grátis, pagamentos, conteúdo, dados dos fãs e os termos de tratamento de dados, uso aceitável e responsabilidade.`,
    sections: [
      {
        id: 'contrato',
        title: 'O contrato',
        body: [
          `Estes termos regem o uso da plataforma Afterglow em ${f.siteUrl} (o "serviço") por empresas e pelas pessoas que trabalham para elas. Ao criar uma conta ou uma empresa, você aceita estes termos em seu nome e em nome da empresa que cria ou à qual se junta, e confirma que tem autorização para isso.`,
          'O serviço é destinado a empresas e profissionais — produtores de eventos, artistas, promotores, casas de show, festivais e as suas equipes. Ele não é oferecido a consumidores para fins particulares; os fãs usam as páginas públicas das empresas segundo os termos da empresa em questão.',
        ],
      },
      {
        id: 'servico',
        title: 'O serviço',
        body: [
          'O Afterglow permite que uma empresa publique galerias de fotos e vídeos, conteúdos individuais para download e eventos na sua própria página pública com a sua marca, peça aos fãs que se cadastrem antes de baixar, veja métricas de visualizações e downloads e gerencie a sua equipe e a sua assinatura.',
          'Podemos melhorar e alterar o serviço ao longo do tempo. Não removeremos um recurso essencial do seu plano pago durante um período pago sem avisar com antecedência e oferecer uma solução justa.',
        ],
      },
      {
        id: 'contas',
        title: 'Contas, papéis e segurança',
        body: [
          {
            list: [
              'Informe dados corretos e mantenha o seu e-mail atualizado; nós o usamos para confirmações, redefinições de senha e avisos de segurança.',
              'Mantenha a sua senha em segredo e ative a autenticação em dois fatores. Você é responsável pelo que acontece na sua conta até nos avisar de um uso indevido.',
              'Cada empresa tem pelo menos um administrador. Os administradores decidem quem entra na equipe e com qual papel (admin, gerente ou usuário) e são responsáveis por remover quem não deve mais ter acesso.',
              `Por segurança, as sessões terminam após ${f.sessionIdleMinutes} minutos sem atividade e o número de sessões simultâneas por pessoa é limitado.`,
            ],
          },
        ],
      },
      {
        id: 'planos-e-pagamento',
        title: 'Planos, teste grátis e pagamento',
        body: [
          '**Planos.** O Starter é gratuito. Professional e Enterprise são assinaturas mensais pagas. O que cada plano inclui (armazenamento, fotos por evento, marca personalizada, métricas, QR codes, resolução dos downloads, marcas, domínio próprio, chaves de API, backups) está nos nossos [preços](/#pricing) e na área administrativa.',
          `**Teste grátis.** Cada empresa pode experimentar o Professional gratuitamente por ${f.trialDays} dias, uma única vez. No fim do teste, a empresa continua no Starter, a menos que um administrador assine; o conteúdo continua guardado, mas os recursos do Professional deixam de funcionar.`,
          '**Preços e moedas.** Os preços são mostrados por mês em dólares americanos, euros ou reais. Impostos são acrescentados quando a lei exige.',
          '**Pagamento.** As assinaturas são pagas antecipadamente no cartão, por meio do nosso provedor de pagamentos, e renovadas automaticamente todo mês até o cancelamento. As faturas e o histórico de cobrança ficam disponíveis na área administrativa, pelo portal do cliente do provedor de pagamentos.',
          '**Cancelamento.** Um administrador pode cancelar a qualquer momento; a assinatura termina no fim do mês já pago e a empresa passa para o Starter. Valores já pagos não são reembolsados, salvo quando a lei exigir.',
          '**Falta de pagamento.** Se um pagamento falhar e não for regularizado após os avisos, podemos passar a empresa para o Starter.',
          '**Mudanças de preço.** Avisamos mudanças de preço por e-mail com pelo menos 30 dias de antecedência; elas valem a partir do período de cobrança seguinte, e você pode cancelar antes disso.',
        ],
      },
      {
        id: 'conteudo',
        title: 'O seu conteúdo',
        body: [
          'Você mantém todos os direitos sobre as fotos, vídeos, arquivos e textos que envia. Você nos concede a licença não exclusiva e mundial necessária para operar o serviço para você: guardar o seu conteúdo, criar versões menores e prévias dele e mostrá-lo e entregá-lo a quem você escolher — no caso de conteúdo publicado, ao público — enquanto ele estiver na plataforma.',
          'Você confirma que tem os direitos necessários para publicar o seu conteúdo, inclusive os dos fotógrafos e cinegrafistas e, quando exigido, os das pessoas que aparecem nele, e que a publicação não viola a lei. Se alguém pedir para ser removido de uma foto, atenda o pedido com prontidão.',
          'Podemos remover ou bloquear conteúdo claramente ilegal ou cuja remoção nos seja legalmente determinada, e diremos o motivo, salvo se a lei proibir.',
        ],
      },
      {
        id: 'dados-dos-fas',
        title: 'Dados dos fãs: o seu papel de controlador',
        body: [
          'Para os dados pessoais dos fãs coletados na sua página (leads, consentimentos, downloads), a sua empresa é a controladora e o Afterglow é o operador. Você decide o que coleta e por quê, e é responsável por ter uma base legal, por informar os fãs — a página mostra um aviso de privacidade em seu nome, que você deve revisar e, quando necessário, completar — e por responder aos pedidos deles.',
          'Envie mensagens de marketing apenas a fãs que deram consentimento para marketing e mantenha os leads apenas pelo tempo necessário. Você pode excluir leads na área administrativa a qualquer momento.',
        ],
      },
      {
        id: 'tratamento-de-dados',
        title: 'Termos de tratamento de dados',
        body: [
          'Estes termos constituem o contrato de tratamento de dados exigido pela LGPD (art. 39) e pelo art. 28 do GDPR para os dados dos fãs que tratamos para você:',
          {
            list: [
              '**Objeto e duração**: hospedar as suas páginas públicas e tratar cadastros, consentimentos e downloads dos fãs enquanto você usar o serviço.',
              '**Dados e titulares**: nomes, e-mails, telefones e organizações opcionais, consentimentos, dados do navegador e histórico de downloads dos fãs.',
              '**Instruções**: tratamos os dados apenas conforme as suas instruções documentadas — estes termos e as suas configurações no serviço —, salvo exigência legal em contrário, caso em que avisaremos você antes, quando permitido.',
              '**Confidencialidade**: todas as pessoas do Afterglow com acesso aos dados estão obrigadas à confidencialidade.',
              '**Segurança**: aplicamos as medidas técnicas e organizacionais descritas na nossa [política de privacidade](/privacy), incluindo o isolamento dos dados de cada empresa, criptografia em trânsito, controle de acesso e registro de auditoria.',
              '**Suboperadores**: você autoriza as categorias de prestadores listadas na nossa política de privacidade (hospedagem, armazenamento de objetos, envio de e-mails). Impomos a eles as mesmas obrigações de proteção de dados, avisamos você de mudanças previstas e você pode se opor por motivo justificado.',
              '**Apoio**: ajudamos você a responder aos pedidos dos fãs e a cumprir as suas obrigações de segurança, comunicação de incidentes e relatórios de impacto, na medida razoável para o nosso papel.',
              '**Incidentes**: avisamos você sem demora injustificada depois de tomarmos conhecimento de um incidente de segurança que afete os dados dos seus fãs.',
              `**Fim do tratamento**: quando a sua conta é encerrada, excluímos os dados ${period(f.retention.closedAccounts)} após o encerramento, depois de dar a você a oportunidade de exportar os seus leads, salvo se a lei exigir a sua guarda.`,
              '**Auditorias**: disponibilizamos as informações necessárias para demonstrar a conformidade e permitimos auditorias razoáveis, avisadas com antecedência e às suas custas.',
            ],
          },
        ],
      },
      {
        id: 'uso-aceitavel',
        title: 'Uso aceitável',
        body: [
          'Não use o serviço para:',
          {
            list: [
              'publicar conteúdo ilegal, que viole direitos de terceiros ou que sexualize menores;',
              'assediar pessoas, enviar spam ou contatar fãs sem base legal válida;',
              'enviar malware ou tentar quebrar, sondar ou sobrecarregar o serviço ou os dados de outras empresas;',
              'contornar limites de plano, limites de requisições ou medidas de segurança, ou coletar dados do serviço de forma automatizada sem a nossa permissão;',
              'revender o serviço ou usá-lo para criar um produto concorrente, salvo acordo por escrito.',
            ],
          },
        ],
      },
      {
        id: 'disponibilidade',
        title: 'Disponibilidade e suporte',
        body: [
          'Trabalhamos para manter o serviço disponível e rápido e, sempre que possível, agendamos manutenções para horários de pouco movimento, mas não prometemos disponibilidade ininterrupta. O suporte é prestado por e-mail. Níveis de serviço, gerente de conta dedicado e condições personalizadas para clientes Enterprise são acordados por escrito.',
          'Guarde cópias próprias do conteúdo importante: a plataforma não é um backup dos seus arquivos, exceto quando o seu plano inclui a exportação automática de backup.',
        ],
      },
      {
        id: 'encerramento',
        title: 'Suspensão e encerramento',
        body: [
          'Um administrador pode encerrar a conta da empresa a qualquer momento nas configurações (Dados cadastrais), ou pedir que nós a encerremos. Podemos suspender ou encerrar uma conta que viole estes termos de forma grave ou repetida, ou quando a lei exigir; sempre que possível, avisaremos antes e daremos tempo para corrigir o problema.',
          'Antes do encerramento, você pode exportar os seus leads e baixar o seu conteúdo. Depois, os dados são excluídos como descrito na política de privacidade.',
        ],
      },
      {
        id: 'propriedade-intelectual',
        title: 'A nossa propriedade intelectual',
        body: [
          'A plataforma, o seu software, o design e o nome e o logo Afterglow pertencem a nós ou aos nossos licenciantes. Estes termos dão a você o direito de usar o serviço, não a propriedade dele. Se você nos enviar sugestões, podemos usá-las sem qualquer obrigação.',
        ],
      },
      {
        id: 'responsabilidade',
        title: 'Garantias e responsabilidade',
        body: [
          'Prestamos o serviço com diligência e cuidado razoáveis. Além disso, e na medida permitida pela lei, o serviço é fornecido no estado em que se encontra, sem outras garantias.',
          'A nossa responsabilidade total por todas as reclamações em um ano fica limitada aos valores que a sua empresa nos pagou nos doze meses anteriores ao fato que deu origem à reclamação (ou 100 euros, se for maior). Não respondemos por danos indiretos, como lucros cessantes ou perda de dados que um backup razoável teria evitado.',
          'Esses limites não se aplicam à responsabilidade que a lei não permite limitar, como em caso de dolo, culpa grave, morte ou lesão corporal causada por negligência.',
          'Você é responsável pelo seu conteúdo e pela forma como usa os dados dos fãs, e nos indenizará por reclamações de terceiros decorrentes deles.',
        ],
      },
      {
        id: 'alteracoes',
        title: 'Alterações destes termos',
        body: [
          `Esta é a versão ${POLICY_VERSION} dos termos, atualizada em ${date}. Avisamos os administradores de mudanças relevantes por e-mail com pelo menos 30 dias de antecedência. Se não concordar, você pode cancelar antes disso; continuar usando o serviço depois significa aceitar os novos termos.`,
        ],
      },
      {
        id: 'lei',
        title: 'Lei aplicável e conflitos',
        body: [
          'Estes termos são regidos pela lei do país em que o operador do Afterglow está estabelecido, sem prejuízo das normas obrigatórias do país onde a sua empresa está sediada. Antes de recorrer à Justiça, ambas as partes tentarão de boa-fé resolver qualquer divergência por meio do diálogo.',
        ],
      },
      {
        id: 'contato',
        title: 'Contato',
        body: [`Dúvidas sobre estes termos: ${mail(f.contactEmail)}.`],
      },
    ],
  }),

  cookies: (f) => ({
    title: 'Política de cookies',
    summary: `Quais cookies e armazenamento no navegador o Afterglow e as páginas de empresas que ele hospeda usam, para que servem, quanto tempo duram e como mudar as suas escolhas.`,
    sections: [
      {
        id: 'o-que-sao',
        title: 'O que são cookies e armazenamento local',
        body: [
          'Cookies são pequenos arquivos de texto que um site guarda no seu navegador e lê de volta em visitas seguintes. O armazenamento local é um espaço parecido no navegador onde o site guarda pequenos valores; ele não é enviado ao servidor automaticamente. Esta política trata dos dois, no nosso site e nas páginas de empresas que hospedamos.',
        ],
      },
      {
        id: 'categorias',
        title: 'Categorias',
        body: [
          {
            list: [
              '**Necessários** — indispensáveis para o site funcionar e para o que você pede: entrar na conta, manter a segurança, lembrar que você se cadastrou para baixar, o seu idioma e as suas escolhas de cookies. Não podem ser desativados.',
              '**Funcionais** — lembram comodidades opcionais além do estritamente necessário.',
              '**Análise** — ajudam-nos, e às empresas, a entender quais páginas, fotos e vídeos são vistos, contando as visitas repetidas uma só vez.',
              '**Marketing** — serviriam para exibir ou medir publicidade.',
            ],
          },
          `O Afterglow usa cookies e armazenamento necessários e, só se você permitir a análise, um cookie de análise próprio: um número aleatório, sem ligação com o seu nome ou e-mail, para que uma visita repetida em até ${f.visitorCookieMonths} meses conte uma só vez. Sem ele, as visitas continuam sendo contadas de forma anônima, com uma chave que muda todos os dias. Não usamos cookies de marketing nem rastreadores de terceiros. Se você retirar o consentimento para análise, o cookie é apagado na página seguinte.`,
        ],
      },
      {
        id: 'o-que-usamos',
        title: 'O que usamos',
        body: [
          {
            table: {
              head: ['Nome', 'Tipo', 'Categoria', 'Finalidade', 'Duração'],
              rows: storageRows(
                {
                  session: {
                    purpose:
                      'Mantém a equipe das empresas conectada à área administrativa. Em https, o nome começa com `__Secure-`. Só é criado depois do login.',
                    duration: `Termina após ${f.sessionIdleMinutes} minutos sem atividade ou ao sair`,
                  },
                  twoFactor: {
                    purpose:
                      'Liga a segunda etapa do login à primeira quando a autenticação em dois fatores está ativa.',
                    duration: '10 minutos',
                  },
                  lead: {
                    name: '`ag_lead_…` (um por empresa)',
                    purpose:
                      'Assinado pelo nosso servidor; lembra que você já se cadastrou na página daquela empresa, para baixar sem preencher o formulário de novo.',
                    duration: `${f.leadCookieDays} dias`,
                  },
                  lang: { purpose: 'Informa ao servidor em qual idioma mostrar as páginas.', duration: '1 ano' },
                  selectedLanguage: {
                    purpose: 'O idioma que você escolheu, guardado no navegador.',
                    duration: 'Até você apagá-lo; mantido ao sair',
                  },
                  language: {
                    purpose: 'A mesma escolha de idioma com o nome antigo, quando existir.',
                    duration: 'Até você apagá-lo; mantido ao sair',
                  },
                  trackingConsent: {
                    purpose: 'A sua decisão sobre cookies (aceitos ou recusados), a versão e a data.',
                    duration: `${f.consentValidityDays} dias`,
                  },
                  cookiePreferences: {
                    purpose:
                      'As categorias que você permitiu e um registro das suas últimas dez escolhas (data, categorias, navegador, página).',
                    duration: `${f.consentValidityDays} dias`,
                  },
                  bannerSeen: {
                    purpose: 'Que você respondeu ou fechou o aviso de cookies, para que ele não volte em cada página.',
                    duration: `${f.consentValidityDays} dias`,
                  },
                  visitor: {
                    purpose:
                      'Só com o seu consentimento para análise: um número aleatório que faz as visitas repetidas a uma página de empresa contarem uma só vez. Sem ligação com o seu nome ou e-mail.',
                    duration: `${f.visitorCookieMonths} meses, ou até você retirar o consentimento para análise`,
                  },
                },
                {
                  cookie: 'Cookie',
                  localStorage: 'Armazenamento local',
                  necessary: 'Necessário',
                  analytics: 'Análise',
                },
              ),
            },
          },
        ],
      },
      {
        id: 'consentimento',
        title: 'O seu consentimento e como alterá-lo',
        body: [
          'Na primeira visita, um aviso permite aceitar todas as categorias, recusar as opcionais ou escolher por categoria. Os cookies necessários estão sempre ativos. Recusar mantém o armazenamento funcional e desativa análise e marketing.',
          `A sua escolha fica guardada no navegador por ${f.consentValidityDays} dias e vinculada à versão ${POLICY_VERSION} desta política; depois disso, ou quando a versão mudar, perguntamos de novo. Você pode mudar a sua escolha a qualquer momento pelo link **Configurações de cookies** no rodapé de todas as páginas, e revogar o consentimento é tão fácil quanto dá-lo.`,
          'Você também pode apagar cookies e armazenamento local nas configurações do navegador. Se apagar os necessários, você sairá da conta, o idioma será perguntado de novo e, na página de uma empresa, será preciso se cadastrar outra vez antes de baixar.',
        ],
      },
      {
        id: 'paginas-das-empresas',
        title: 'Páginas das empresas',
        body: [
          'As páginas de empresas hospedadas no Afterglow — no nosso endereço ou no subdomínio ou domínio da própria empresa — usam os mesmos cookies e as mesmas configurações de consentimento. A empresa cuja página você visita é responsável pelos dados que você deixa lá; veja o aviso de privacidade dela, no rodapé da página.',
        ],
      },
      {
        id: 'mais-informacoes',
        title: 'Mais informações',
        body: [
          `Como tratamos dados pessoais em geral está explicado na nossa [política de privacidade](/privacy). Dúvidas: ${mail(f.contactEmail)}.`,
        ],
      },
    ],
  }),

  companyTerms: (f) => ({
    title: `Termos de uso — ${f.companyName}`,
    summary: `As regras para usar a página de ${f.companyName}: ver e baixar as fotos e os vídeos, cadastrar-se antes de um download e o que você pode fazer com eles.`,
    sections: [
      {
        id: 'sobre',
        title: 'Sobre esta página',
        body: [
          `Esta página e as suas galerias são publicadas por **${f.companyName}**, que é responsável por elas. Ela funciona no Afterglow, uma plataforma que hospeda páginas de produtores de eventos e artistas; o Afterglow fornece a tecnologia em nome de ${f.companyName}. Ao usar a página, você aceita estes termos.`,
        ],
      },
      {
        id: 'uso-do-conteudo',
        title: 'Uso das fotos e dos vídeos',
        body: [
          `As fotos, os vídeos e os demais arquivos pertencem a ${f.companyName} ou aos fotógrafos, cinegrafistas e artistas que os criaram. Você pode vê-los e baixá-los para **uso pessoal e não comercial** e compartilhá-los nas suas redes sociais, mencionando ${f.companyName} sempre que possível.`,
          'Sem autorização por escrito, você não pode:',
          {
            list: [
              'usá-los comercialmente, por exemplo em publicidade, produtos ou publicações pagas;',
              'editá-los de forma a distorcer as pessoas retratadas ou o evento, nem remover marcas d’água ou créditos;',
              'apresentá-los como obra sua, nem vendê-los ou licenciá-los a terceiros.',
            ],
          },
        ],
      },
      {
        id: 'cadastro',
        title: 'Cadastro antes de um download',
        body: [
          `Alguns downloads pedem antes o seu nome e e-mail. Informe dados próprios e corretos. Como ${f.companyName} os usa está explicado no seu [aviso de privacidade](${f.companyBasePath}/privacidade).`,
        ],
      },
      {
        id: 'pessoas-nas-fotos',
        title: 'Se você aparece em uma foto',
        body: [
          `Se você aparece em uma foto ou vídeo e quer que seja removido, entre em contato com ${f.companyName}, que analisará o seu pedido com prontidão.`,
        ],
      },
      {
        id: 'uso-justo',
        title: 'Uso justo da página',
        body: [
          'Não tente contornar o cadastro, coletar o conteúdo em massa de forma automatizada, sobrecarregar a página ou acessar o que não foi publicado para você.',
        ],
      },
      {
        id: 'disponibilidade',
        title: 'Disponibilidade e responsabilidade',
        body: [
          `A página é oferecida gratuitamente. ${f.companyName} pode alterar ou remover galerias a qualquer momento e não garante que a página esteja sempre disponível. Na medida permitida pela lei, ${f.companyName} e o Afterglow não respondem por prejuízos decorrentes do uso ou da impossibilidade de uso da página; os seus direitos como consumidor não são afetados.`,
        ],
      },
      {
        id: 'contato',
        title: 'Contato',
        body: [
          `Fale com ${f.companyName} pelos contatos indicados na sua página ou pelos seus canais oficiais. Se não conseguir, escreva ao Afterglow em ${mail(f.contactEmail)} e encaminharemos a sua mensagem.`,
          `Versão ${POLICY_VERSION}, atualizada em ${date}.`,
        ],
      },
    ],
  }),

  companyPrivacy: (f) => ({
    title: `Aviso de privacidade — ${f.companyName}`,
    summary: `Como ${f.companyName} trata os seus dados pessoais quando você visita a sua página e se cadastra para baixar fotos e vídeos.`,
    sections: [
      {
        id: 'controlador',
        title: 'Quem é o responsável',
        body: [
          `**${f.companyName}** é a controladora dos dados pessoais coletados nesta página: decide por que os seus dados são coletados e como são usados.`,
          `A página é hospedada pelo **Afterglow**, que trata os dados apenas em nome e conforme as instruções de ${f.companyName}, como operador, com base em um contrato de tratamento de dados. O Afterglow não usa os seus dados para fins próprios e não os vende.`,
        ],
      },
      {
        id: 'dados',
        title: 'O que é coletado',
        body: [
          {
            list: [
              '**Quando você se cadastra para baixar**: o seu nome completo e e-mail e, se o formulário pedir, o seu telefone e empresa ou organização.',
              '**Os seus consentimentos**: que você aceitou este aviso (com data e hora), o seu consentimento para o tratamento dos dados, o seu consentimento opcional para receber marketing, a versão deste aviso e o seu idioma.',
              '**Contexto do cadastro**: a página em que você se cadastrou e o seu navegador (user agent).',
              '**Downloads**: o que você baixou, quando e em qual qualidade.',
              `**Dados técnicos**: o seu endereço IP, usado por pouco tempo para proteger a página contra abusos (limite de requisições) e em logs do servidor mantidos por ${period(f.retention.logs)}.`,
              '**Cookies e armazenamento local**: um cookie assinado que lembra o seu cadastro nesta página, o seu idioma, as suas escolhas de cookies e, só com o seu consentimento para análise, um número de visitante aleatório — veja a [política de cookies](/cookies).',
            ],
          },
          `As visualizações e outras visitas são contadas sem identificar você: a chave aleatória do dia que transforma a sua conexão em um número anônimo é excluída após ${period(f.retention.analyticsSalt)}, e cada visita contada após ${period(f.retention.analyticsEvents)}; só ficam os totais diários.`,
        ],
      },
      {
        id: 'finalidades',
        title: 'Para que e com qual base legal',
        body: [
          {
            table: {
              head: ['Finalidade', 'Base legal'],
              rows: [
                [
                  'Entregar as fotos e os vídeos que você pediu e manter o registro do seu cadastro e dos seus consentimentos',
                  'O seu consentimento (LGPD art. 7º, I; GDPR art. 6(1)(a))',
                ],
                [
                  `Entender de quais conteúdos e eventos os fãs gostam, para que ${f.companyName} melhore os seus shows e páginas`,
                  `O seu consentimento para o tratamento dos dados e o legítimo interesse de ${f.companyName} (LGPD art. 7º, IX; GDPR art. 6(1)(f))`,
                ],
                [
                  `Enviar novidades e ofertas de ${f.companyName} (ingressos, lançamentos, produtos)`,
                  'Apenas se você marcou o consentimento opcional para marketing (LGPD art. 7º, I; GDPR art. 6(1)(a))',
                ],
                [
                  'Proteger a página contra abusos',
                  'Legítimo interesse em um serviço seguro (LGPD art. 7º, IX; GDPR art. 6(1)(f))',
                ],
              ],
            },
          },
          'Informar os seus dados é voluntário, mas alguns downloads só ficam disponíveis após o cadastro.',
        ],
      },
      {
        id: 'encontre-me',
        title: 'Encontre-me: encontrar suas fotos com uma selfie',
        body: [
          'Quando uma galeria oferece o **Encontre-me**, você pode tirar uma selfie ou escolher uma foto sua para encontrar as fotos dessa galeria em que aparece. Ele só é usado se você pedir e marcar a caixa de consentimento própria.',
          {
            list: [
              '**O que é tratado**: sua selfie, para ler os traços do seu rosto (dado biométrico) e compará-los com os rostos das fotos da galeria. A selfie é tratada em memória e descartada na hora: nunca é guardada, nunca vai para registros e nunca é compartilhada.',
              '**O que é guardado**: que uma busca foi feita (data e hora, a versão do texto de consentimento, seu idioma) e quais fotos ela encontrou, para que seu link as abra por 30 dias. Nada disso identifica você.',
              '**As fotos da galeria**: enquanto o Encontre-me estiver ativo numa galeria, os rostos das suas fotos são guardados como números (não imagens) para que as buscas os encontrem; são apagados com a foto, com a galeria, ou assim que a empresa desativar o Encontre-me.',
              '**Base legal**: seu consentimento específico e destacado (LGPD art. 11, I; GDPR art. 9(2)(a)), que você pode retirar a qualquer momento deixando de buscar; um pedido de "Remover-me" pede à empresa que oculte essas fotos ou deixe seu rosto fora da busca.',
            ],
          },
        ],
      },
      {
        id: 'destinatarios',
        title: 'Quem tem acesso aos seus dados',
        body: [
          `Apenas os membros autorizados da equipe de ${f.companyName} (administradores e gerentes) podem ver e exportar a lista de cadastros; cada acesso fica registrado. O Afterglow e os seus prestadores de serviço (hospedagem, armazenamento, envio de e-mails) tratam os dados apenas para manter a página funcionando. Os seus dados não são vendidos. Só são fornecidos a autoridades quando a lei exigir.`,
          `Se ${f.companyName} conectar os seus próprios sistemas à página (por exemplo a ferramenta de e-mail ou de ingressos, pela API ou por webhooks do Afterglow), o seu cadastro é enviado a eles quando você se cadastra, sob as mesmas regras. O Afterglow guarda uma cópia de cada mensagem enviada por ${period(f.retention.webhookDeliveries)} para mostrar que ela chegou; depois a exclui.`,
          'Alguns desses prestadores podem tratar dados fora do seu país. Nesses casos, os dados são protegidos pelos mecanismos previstos em lei, como cláusulas-padrão contratuais ou decisões de adequação.',
        ],
      },
      {
        id: 'retencao',
        title: 'Por quanto tempo são mantidos',
        body: [
          `O seu cadastro é mantido até você revogar o consentimento ou pedir a exclusão, ou até ${f.companyName} excluí-lo por não ser mais necessário — e no máximo até ${f.companyName} encerrar a sua conta no Afterglow. O consentimento para marketing termina assim que você o revoga. O cookie assinado fica no seu navegador por ${f.leadCookieDays} dias, ou até você apagá-lo.`,
        ],
      },
      {
        id: 'direitos',
        title: 'Os seus direitos',
        body: [
          'Você tem direito a confirmar a existência do tratamento e acessar os seus dados, corrigi-los ou excluí-los, limitar ou se opor ao tratamento, recebê-los em formato portável e revogar o seu consentimento a qualquer momento — a revogação não afeta o que foi feito antes. Você também pode reclamar à autoridade de proteção de dados (no Brasil, a ANPD; na União Europeia, a autoridade do país onde você mora).',
          `Para exercer esses direitos, fale com ${f.companyName} pelos contatos indicados na sua página. Você também pode escrever ao Afterglow em ${mail(f.contactEmail)}: o pedido será encaminhado a ${f.companyName} sem demora.`,
        ],
      },
      {
        id: 'alteracoes',
        title: 'Alterações',
        body: [
          `Esta é a versão ${POLICY_VERSION} deste aviso, atualizada em ${date}. Se ele mudar de forma relevante, a nova versão será mostrada aqui e, quando o seu consentimento for necessário de novo, ele será pedido.`,
        ],
      },
    ],
  }),
}
