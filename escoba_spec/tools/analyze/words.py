"""The report's headings and sentences in the rulebooks' five languages (tools/rulebook's
LANGUAGES). A small catalogue of its own: the report has some thirty phrases, none the
rulebooks share."""

from __future__ import annotations

LANGUAGES = ("en", "es", "pt", "it", "fr")

_WORDS: dict[str, tuple[str, str, str, str, str]] = {
    # key: (en, es, pt, it, fr)
    "title": ("Balance report", "Informe de equilibrio", "Relatório de equilíbrio", "Rapporto di equilibrio",
              "Rapport d'équilibre"),
    "static": ("Before play", "Antes de jugar", "Antes do jogo", "Prima del gioco", "Avant le jeu"),
    "seat_advantage": ("Seat advantage", "Ventaja de posición", "Vantagem de posição", "Vantaggio di posizione",
                       "Avantage de place"),
    "skill": ("Skill", "Habilidad", "Habilidade", "Abilità", "Habileté"),
    "decisiveness": ("Decisiveness", "Decisión", "Decisão", "Decisività", "Caractère décisif"),
    "rules": ("Scoring rules", "Reglas de puntuación", "Regras de pontuação", "Regole di punteggio",
              "Règles de décompte"),
    "differences": ("Differences", "Diferencias", "Diferenças", "Differenze", "Différences"),
    "leftovers": ("Leftover check", "Comprobación de las cartas restantes", "Verificação das sobras",
                  "Controllo delle carte rimaste", "Contrôle des cartes restantes"),
    "bots_note": ("Measured under random, greedy, heuristic and expert play (the expert with {budget} playouts a "
                  "decision, over {games} matches a run).",
                  "Medido con juego aleatorio, codicioso, heurístico y experto (el experto con {budget} simulaciones "
                  "por decisión, en {games} partidas por serie).",
                  "Medido com jogo aleatório, guloso, heurístico e especialista (o especialista com {budget} "
                  "simulações por decisão, em {games} partidas por série).",
                  "Misurato con gioco casuale, avido, euristico ed esperto (l'esperto con {budget} simulazioni per "
                  "decisione, su {games} partite per serie).",
                  "Mesuré en jeu aléatoire, glouton, heuristique et expert (l'expert avec {budget} simulations par "
                  "décision, sur {games} parties par série)."),
    "expert_cut": ("The expert's runs stopped at {games} of their {most} matches each: their time ({seconds:g} s a file, "
                   "--expert-time) was up; every figure says the matches it rests on.",
                   "Las series del experto se detuvieron en {games} de sus {most} partidas cada una: su tiempo ({seconds:g} s por "
                   "archivo, --expert-time) se agotó; cada cifra dice en cuántas partidas se basa.",
                   "As séries do especialista pararam em {games} das suas {most} partidas cada uma: o seu tempo ({seconds:g} s por "
                   "arquivo, --expert-time) acabou; cada número diz em quantas partidas se baseia.",
                   "Le serie dell'esperto si sono fermate a {games} delle loro {most} partite ciascuna: il loro tempo ({seconds:g} s "
                   "per file, --expert-time) è finito; ogni cifra dice su quante partite si basa.",
                   "Les séries de l'expert se sont arrêtées à {games} de leurs {most} parties chacune : leur temps ({seconds:g} s "
                   "par fichier, --expert-time) était écoulé ; chaque chiffre dit sur combien de parties il repose."),
    "missed": ("Legal play can leave these totals, which the list misses: {totals}.",
               "El juego legal puede dejar estos totales, que la lista omite: {totals}.",
               "O jogo legal pode deixar estes totais, que a lista omite: {totals}.",
               "Il gioco legale può lasciare questi totali, che l'elenco omette: {totals}.",
               "Le jeu légal peut laisser ces totaux, que la liste omet : {totals}."),
    "no_plots": ("The plots need matplotlib, which is not installed: pip install 'escoba-spec[plots]'.",
                 "Los gráficos necesitan matplotlib, que no está instalado: pip install 'escoba-spec[plots]'.",
                 "Os gráficos precisam do matplotlib, que não está instalado: pip install 'escoba-spec[plots]'.",
                 "I grafici richiedono matplotlib, che non è installato: pip install 'escoba-spec[plots]'.",
                 "Les graphiques demandent matplotlib, qui n'est pas installé : pip install 'escoba-spec[plots]'."),
    "listed": ("Listed totals", "Totales listados", "Totais listados", "Totali elencati", "Totaux listés"),
    "reached": ("reached", "alcanzados", "alcançados", "raggiunti", "atteints"),
    "impossible": ("impossible", "imposibles", "impossíveis", "impossibili", "impossibles"),
    "undetermined": ("undetermined", "sin determinar", "indeterminados", "indeterminati", "indéterminés"),
    "layout": ("table", "mesa", "mesa", "tavolo", "table"),
    "rule": ("rule", "regla", "regra", "regola", "règle"),
    "never": ("never scores on the probe piles", "nunca puntúa en los montones de prueba",
              "nunca pontua nos montes de teste", "non segna mai sui mazzetti di prova",
              "ne marque jamais sur les plis d'essai"),
    "always": ("always scores on the probe piles", "siempre puntúa en los montones de prueba",
               "sempre pontua nos montes de teste", "segna sempre sui mazzetti di prova",
               "marque toujours sur les plis d'essai"),
    "bot": ("bot", "bot", "bot", "bot", "bot"),
    "side": ("side", "bando", "lado", "squadra", "camp"),
    "win_rate": ("match win rate", "partidas ganadas", "partidas ganhas", "partite vinte", "parties gagnées"),
    "first_player_edge": ("first player's edge", "ventaja de quien sale", "vantagem de quem sai",
                          "vantaggio di chi gioca per primo", "avantage du premier joueur"),
    "dealer": ("first dealer's side", "bando del primer repartidor", "lado do primeiro a dar",
               "squadra del primo mazziere", "camp du premier donneur"),
    "skill_sentence": ("{bot} against greedy wins {rate} of matches (95% interval {lo}–{hi}, {games} matches).",
                       "{bot} contra codicioso gana {rate} de las partidas (intervalo del 95% {lo}–{hi}, {games} partidas).",
                       "{bot} contra guloso ganha {rate} das partidas (intervalo de 95% {lo}–{hi}, {games} partidas).",
                       "{bot} contro avido vince {rate} delle partite (intervallo al 95% {lo}–{hi}, {games} partite).",
                       "{bot} contre glouton gagne {rate} des parties (intervalle à 95 % {lo}–{hi}, {games} parties)."),
    "trace_note": ("The skill trace: the expert's match win rate against greedy as its playouts per decision grow.",
                   "La curva de habilidad: las partidas que el experto gana al codicioso según sus simulaciones por "
                   "decisión.",
                   "A curva de habilidade: as partidas que o especialista ganha ao guloso conforme as suas simulações "
                   "por decisão.",
                   "La curva di abilità: le partite che l'esperto vince contro l'avido al crescere delle sue "
                   "simulazioni per decisione.",
                   "La courbe d'habileté : les parties que l'expert gagne contre le glouton selon ses simulations par "
                   "décision."),
    "budget": ("playouts per decision", "simulaciones por decisión", "simulações por decisão",
               "simulazioni per decisione", "simulations par décision"),
    "hands_mean": ("hands per match (mean)", "manos por partida (media)", "mãos por partida (média)",
                   "mani per partita (media)", "donnes par partie (moyenne)"),
    "leader_wins": ("leader after a hand goes on to win", "quien va delante tras una mano acaba ganando",
                    "quem lidera após uma mão acaba ganhando", "chi è in testa dopo una mano poi vince",
                    "le meneur après une donne finit par gagner"),
    "comebacks": ("matches won from behind", "partidas ganadas remontando", "partidas ganhas de virada",
                  "partite vinte in rimonta", "parties gagnées en remontant"),
    "largest_comeback": ("largest deficit overcome", "mayor desventaja remontada", "maior desvantagem virada",
                         "massimo svantaggio rimontato", "plus grand retard remonté"),
    "leader_note": ("The leader is the one side ahead after a hand (lowest first when the goal is to avoid the "
                    "target), counted after every hand but a match's last; its interval is of the share, the hands "
                    "of a match not being independent. A comeback is a match won by a side that was behind after "
                    "some hand.",
                    "Quien va delante es el único bando en cabeza tras una mano (el de menos puntos cuando se trata "
                    "de no llegar a la meta), contado tras cada mano salvo la última de la partida; su intervalo es "
                    "el de la proporción, pues las manos de una partida no son independientes. Una remontada es una "
                    "partida ganada por un bando que iba detrás tras alguna mano.",
                    "Quem lidera é o único lado à frente após uma mão (o de menos pontos quando se trata de não "
                    "chegar à meta), contado após cada mão exceto a última da partida; o seu intervalo é o da "
                    "proporção, pois as mãos de uma partida não são independentes. Uma virada é uma partida ganha "
                    "por um lado que estava atrás após alguma mão.",
                    "Chi è in testa è l'unica squadra davanti dopo una mano (quella con meno punti quando lo scopo "
                    "è non raggiungere il traguardo), contata dopo ogni mano tranne l'ultima della partita; il suo "
                    "intervallo è quello della proporzione, poiché le mani di una partita non sono indipendenti. "
                    "Una rimonta è una partita vinta da una squadra che era indietro dopo qualche mano.",
                    "Le meneur est le seul camp en tête après une donne (celui qui a le moins de points quand le "
                    "but est d'éviter la cible), compté après chaque donne sauf la dernière de la partie ; son "
                    "intervalle est celui de la proportion, les donnes d'une partie n'étant pas indépendantes. "
                    "Une remontée est une partie gagnée par un camp qui était mené après une donne."),
    "per_hand": ("points per hand", "puntos por mano", "pontos por mão", "punti per mano", "points par donne"),
    "decided": ("decided the match", "decidió la partida", "decidiu a partida", "ha deciso la partita",
                "a décidé la partie"),
    "quiet": ("matches it never scored", "partidas sin puntuar", "partidas sem pontuar", "partite senza segnare",
              "parties sans marquer"),
    "sd": ("sd per hand", "desv. típica por mano", "desvio padrão por mão", "dev. std. per mano",
           "écart type par donne"),
    "stated": ("Stated differences", "Diferencias declaradas", "Diferenças declaradas", "Differenze dichiarate",
               "Différences déclarées"),
    "measured": ("Measured effects (B − A)", "Efectos medidos (B − A)", "Efeitos medidos (B − A)",
                 "Effetti misurati (B − A)", "Effets mesurés (B − A)"),
    "significant": ("significant", "significativo", "significativo", "significativo", "significatif"),
    "not_significant": ("not significant", "no significativo", "não significativo", "non significativo",
                        "non significatif"),
    "games": ("{games} matches per run, seed {seed}, engine {engine}.",
              "{games} partidas por serie, semilla {seed}, motor {engine}.",
              "{games} partidas por série, semente {seed}, motor {engine}.",
              "{games} partite per serie, seme {seed}, motore {engine}.",
              "{games} parties par série, graine {seed}, moteur {engine}."),
    "verdict": ("Verdict", "Veredicto", "Veredito", "Verdetto", "Verdict"),
    "verdict_note": ("The findings furthest from an even game whose 95% interval excludes no effect, largest first.",
                     "Los hallazgos más alejados de un juego parejo cuyo intervalo del 95% excluye la ausencia de "
                     "efecto, el mayor primero.",
                     "As constatações mais afastadas de um jogo equilibrado cujo intervalo de 95% exclui a ausência "
                     "de efeito, a maior primeiro.",
                     "I risultati più lontani da un gioco equilibrato il cui intervallo al 95% esclude l'assenza di "
                     "effetto, il maggiore per primo.",
                     "Les constats les plus éloignés d'un jeu égal dont l'intervalle à 95 % exclut l'absence d'effet, "
                     "le plus grand d'abord."),
    "verdict_none": ("No finding stands clear of its interval at this budget: play more matches (--budget).",
                     "Ningún hallazgo sale de su intervalo con este presupuesto: juegue más partidas (--budget).",
                     "Nenhuma constatação sai do seu intervalo com este orçamento: jogue mais partidas (--budget).",
                     "Nessun risultato esce dal suo intervallo con questo budget: giocare più partite (--budget).",
                     "Aucun constat ne sort de son intervalle avec ce budget : jouez plus de parties (--budget)."),
    "finding_skill": ("{bot} against {against} wins {rate} of matches ({lo}–{hi}, {games} matches), "
                      "{effect} percentage points from an even share.",
                      "{bot} contra {against} gana {rate} de las partidas ({lo}–{hi}, {games} partidas), {effect} "
                      "puntos porcentuales respecto de un reparto parejo.",
                      "{bot} contra {against} ganha {rate} das partidas ({lo}–{hi}, {games} partidas), {effect} "
                      "pontos percentuais em relação a uma divisão equilibrada.",
                      "{bot} contro {against} vince il {rate} delle partite ({lo}–{hi}, {games} partite), {effect} "
                      "punti percentuali rispetto a una quota equa.",
                      "{bot} contre {against} gagne {rate} des parties ({lo}–{hi}, {games} parties), {effect} "
                      "points de pourcentage par rapport à une part égale."),
    "finding_first_player": ("The first player's side wins {rate} of matches under {bot} play ({lo}–{hi}, {games} "
                             "matches), {effect} percentage points from an even share.",
                             "El bando de quien sale gana {rate} de las partidas con juego {bot} ({lo}–{hi}, {games} "
                             "partidas), {effect} puntos porcentuales respecto de un reparto parejo.",
                             "O lado de quem sai ganha {rate} das partidas com jogo {bot} ({lo}–{hi}, {games} "
                             "partidas), {effect} pontos percentuais em relação a uma divisão equilibrada.",
                             "La squadra di chi gioca per primo vince il {rate} delle partite con gioco {bot} "
                             "({lo}–{hi}, {games} partite), {effect} punti percentuali rispetto a una quota equa.",
                             "Le camp du premier joueur gagne {rate} des parties en jeu {bot} ({lo}–{hi}, {games} "
                             "parties), {effect} points de pourcentage par rapport à une part égale."),
    "finding_dealer_hand": ("The dealer's side alone wins {rate} of hands under {bot} play ({lo}–{hi}, {games} "
                            "hands), {effect} percentage points from an even share of the hands someone wins.",
                            "El bando del repartidor gana solo {rate} de las manos con juego {bot} ({lo}–{hi}, "
                            "{games} manos), {effect} puntos porcentuales respecto de un reparto parejo de las manos ganadas.",
                            "O lado de quem dá ganha sozinho {rate} das mãos com jogo {bot} ({lo}–{hi}, {games} "
                            "mãos), {effect} pontos percentuais em relação a uma divisão equilibrada das mãos ganhas.",
                            "La squadra del mazziere vince da sola il {rate} delle mani con gioco {bot} ({lo}–{hi}, "
                            "{games} mani), {effect} punti percentuali rispetto a una quota equa delle mani vinte.",
                            "Le camp du donneur gagne seul {rate} des donnes en jeu {bot} ({lo}–{hi}, {games} "
                            "donnes), {effect} points de pourcentage par rapport à une part égale des donnes gagnées."),
    "finding_rule": ("{rule} decides {rate} of matches under {bot} play ({lo}–{hi}, {games} matches), {effect} "
                     "percentage points over the average rule's {mean}.",
                     "{rule} decide {rate} de las partidas con juego {bot} ({lo}–{hi}, {games} partidas), {effect} "
                     "puntos porcentuales sobre el {mean} de la regla media.",
                     "{rule} decide {rate} das partidas com jogo {bot} ({lo}–{hi}, {games} partidas), {effect} "
                     "pontos percentuais acima dos {mean} da regra média.",
                     "{rule} decide il {rate} delle partite con gioco {bot} ({lo}–{hi}, {games} partite), {effect} "
                     "punti percentuali sopra il {mean} della regola media.",
                     "{rule} décide {rate} des parties en jeu {bot} ({lo}–{hi}, {games} parties), {effect} points "
                     "de pourcentage au-dessus des {mean} de la règle moyenne."),
    "ladder_note": ("Each bot against every weaker one, in both seatings; the weaker bot's wins are luck's share.",
                    "Cada bot contra cada uno más débil, en ambas posiciones; las victorias del más débil son la "
                    "parte de la suerte.",
                    "Cada bot contra cada um mais fraco, nas duas posições; as vitórias do mais fraco são a parte "
                    "da sorte.",
                    "Ogni bot contro ciascuno più debole, in entrambe le posizioni; le vittorie del più debole sono "
                    "la parte della fortuna.",
                    "Chaque bot contre chacun des plus faibles, aux deux places ; les victoires du plus faible sont "
                    "la part de la chance."),
    "stronger": ("stronger", "más fuerte", "mais forte", "più forte", "plus fort"),
    "weaker": ("weaker", "más débil", "mais fraco", "più debole", "plus faible"),
    "stronger_wins": ("stronger wins", "gana el más fuerte", "ganha o mais forte", "vince il più forte",
                      "le plus fort gagne"),
    "weaker_wins": ("weaker wins (luck)", "gana el más débil (suerte)", "ganha o mais fraco (sorte)",
                    "vince il più debole (fortuna)", "le plus faible gagne (chance)"),
    "matches": ("matches", "partidas", "partidas", "partite", "parties"),
    "hands": ("hands", "manos", "mãos", "mani", "donnes"),
    "deals_first": ("deals the first hand", "reparte la primera mano", "dá a primeira mão", "fa la prima mano",
                    "donne la première donne"),
    "plays_first": ("plays first", "sale", "sai", "gioca per primo", "joue en premier"),
    "yes": ("yes", "sí", "sim", "sì", "oui"),
    "per_match": ("per match", "por partida", "por partida", "per partita", "par partie"),
    "a_hand": ("A hand", "Una mano", "Uma mão", "Una mano", "Une donne"),
    "hands_note": ("{hands} independent hands, each a match's first at 0 all, {bot} at every seat, the dealer "
                   "passing round the table.",
                   "{hands} manos independientes, cada una la primera de una partida a 0, {bot} en cada asiento, "
                   "el reparto pasando por la mesa.",
                   "{hands} mãos independentes, cada uma a primeira de uma partida a 0, {bot} em cada lugar, quem "
                   "dá passando pela mesa.",
                   "{hands} mani indipendenti, ciascuna la prima di una partita a 0, {bot} a ogni posto, il "
                   "mazziere che gira intorno al tavolo.",
                   "{hands} donnes indépendantes, chacune la première d'une partie à 0, {bot} à chaque place, le "
                   "donneur tournant autour de la table."),
    "place": ("side", "bando", "lado", "squadra", "camp"),
    "dealer_side": ("the dealer's", "el del repartidor", "o de quem dá", "del mazziere", "du donneur"),
    "next_side": ("the dealer's + {k}", "el del repartidor + {k}", "o de quem dá + {k}", "del mazziere + {k}",
                  "du donneur + {k}"),
    "hands_won": ("hands it alone won", "manos que ganó solo", "mãos que ganhou sozinho", "mani vinte da sola",
                  "donnes gagnées seul"),
    "undecided": ("Hands no side alone won (tied at the top): {rate} [{lo}, {hi}].",
                  "Manos que ningún bando ganó solo (empate arriba): {rate} [{lo}, {hi}].",
                  "Mãos que nenhum lado ganhou sozinho (empate no topo): {rate} [{lo}, {hi}].",
                  "Mani che nessuna squadra ha vinto da sola (pari in testa): {rate} [{lo}, {hi}].",
                  "Donnes qu'aucun camp n'a gagnées seul (égalité en tête) : {rate} [{lo}, {hi}]."),
    "seen_range": ("Seen in {hands} hands: a side scored from {least} to {most} points in a hand, a hand from "
                   "{hand_least} to {hand_most} in all.",
                   "Visto en {hands} manos: un bando sumó de {least} a {most} puntos en una mano, una mano de "
                   "{hand_least} a {hand_most} en total.",
                   "Visto em {hands} mãos: um lado fez de {least} a {most} pontos numa mão, uma mão de "
                   "{hand_least} a {hand_most} no total.",
                   "Visto in {hands} mani: una squadra ha segnato da {least} a {most} punti in una mano, una mano "
                   "da {hand_least} a {hand_most} in tutto.",
                   "Vu en {hands} donnes : un camp a marqué de {least} à {most} points en une donne, une donne de "
                   "{hand_least} à {hand_most} en tout."),
    "limits": ("By the rules, a side scores from {least} to {most} points in a hand: no hand can score outside that.",
               "Según las reglas, un bando suma de {least} a {most} puntos en una mano: ninguna mano puede salir de ahí.",
               "Pelas regras, um lado faz de {least} a {most} pontos numa mão: nenhuma mão pode sair disso.",
               "Secondo le regole, una squadra segna da {least} a {most} punti in una mano: nessuna mano può uscirne.",
               "D'après les règles, un camp marque de {least} à {most} points en une donne : aucune donne n'en sort."),
    "limits_no_most": ("By the rules, a side scores at least {least} points in a hand; they set no most.",
                       "Según las reglas, un bando suma al menos {least} puntos en una mano; no fijan un máximo.",
                       "Pelas regras, um lado faz pelo menos {least} pontos numa mão; não fixam um máximo.",
                       "Secondo le regole, una squadra segna almeno {least} punti in una mano; non fissano un massimo.",
                       "D'après les règles, un camp marque au moins {least} points en une donne ; elles ne fixent "
                       "pas de maximum."),
    "limits_no_least": ("By the rules, a side scores at most {most} points in a hand; they set no fewest.",
                        "Según las reglas, un bando suma como mucho {most} puntos en una mano; no fijan un mínimo.",
                        "Pelas regras, um lado faz no máximo {most} pontos numa mão; não fixam um mínimo.",
                        "Secondo le regole, una squadra segna al più {most} punti in una mano; non fissano un minimo.",
                        "D'après les règles, un camp marque au plus {most} points en une donne ; elles ne fixent "
                        "pas de minimum."),
    "limits_none": ("The rules set no bound on a side's points in a hand.",
                    "Las reglas no acotan los puntos de un bando en una mano.",
                    "As regras não limitam os pontos de um lado numa mão.",
                    "Le regole non limitano i punti di una squadra in una mano.",
                    "Les règles ne bornent pas les points d'un camp en une donne."),
    "least_exact": ("The fewest, {value}, is exact: a played hand scored it.",
                    "El mínimo, {value}, es exacto: una mano jugada lo sumó.",
                    "O mínimo, {value}, é exato: uma mão jogada o fez.",
                    "Il minimo, {value}, è esatto: una mano giocata l'ha segnato.",
                    "Le minimum, {value}, est exact : une donne jouée l'a marqué."),
    "most_exact": ("The most, {value}, is exact: a played hand scored it.",
                   "El máximo, {value}, es exacto: una mano jugada lo sumó.",
                   "O máximo, {value}, é exato: uma mão jogada o fez.",
                   "Il massimo, {value}, è esatto: una mano giocata l'ha segnato.",
                   "Le maximum, {value}, est exact : une donne jouée l'a marqué."),
    "least_between": ("The true fewest lies from {bound} (the rules) to {seen} (seen).",
                      "El mínimo real está entre {bound} (las reglas) y {seen} (visto).",
                      "O mínimo real está entre {bound} (as regras) e {seen} (visto).",
                      "Il vero minimo sta tra {bound} (le regole) e {seen} (visto).",
                      "Le vrai minimum est entre {bound} (les règles) et {seen} (vu)."),
    "most_between": ("The true most lies from {seen} (seen) to {bound} (the rules).",
                     "El máximo real está entre {seen} (visto) y {bound} (las reglas).",
                     "O máximo real está entre {seen} (visto) e {bound} (as regras).",
                     "Il vero massimo sta tra {seen} (visto) e {bound} (le regole).",
                     "Le vrai maximum est entre {seen} (vu) et {bound} (les règles)."),
    "least_open": ("The fewest seen is {seen}; a hand may score fewer.",
                   "El mínimo visto es {seen}; una mano puede sumar menos.",
                   "O mínimo visto é {seen}; uma mão pode fazer menos.",
                   "Il minimo visto è {seen}; una mano può segnare meno.",
                   "Le minimum vu est {seen} ; une donne peut marquer moins."),
    "most_open": ("The most seen is {seen}; a hand may score more.",
                  "El máximo visto es {seen}; una mano puede sumar más.",
                  "O máximo visto é {seen}; uma mão pode fazer mais.",
                  "Il massimo visto è {seen}; una mano può segnare di più.",
                  "Le maximum vu est {seen} ; une donne peut marquer plus."),
    "limits_unbounded": ("What the rules leave unbounded: {why}.",
                         "Lo que las reglas dejan sin cota: {why}.",
                         "O que as regras deixam sem limite: {why}.",
                         "Ciò che le regole lasciano senza limite: {why}.",
                         "Ce que les règles laissent sans borne : {why}."),
    "points_distribution": ("a side's points in a hand", "puntos de un bando en una mano",
                            "pontos de um lado numa mão", "punti di una squadra in una mano",
                            "points d'un camp en une donne"),
    "share": ("share", "proporción", "proporção", "quota", "part"),
    "sweep_hands": ("Hands with a sweep: {rate} [{lo}, {hi}].", "Manos con escoba: {rate} [{lo}, {hi}].",
                    "Mãos com escopa: {rate} [{lo}, {hi}].", "Mani con una scopa: {rate} [{lo}, {hi}].",
                    "Donnes avec un balayage : {rate} [{lo}, {hi}]."),
    "plays_range": ("Plays a hand: {mean} on average, from {least} to {most}.",
                    "Jugadas por mano: {mean} de media, de {least} a {most}.",
                    "Jogadas por mão: {mean} em média, de {least} a {most}.",
                    "Giocate per mano: {mean} in media, da {least} a {most}.",
                    "Coups par donne : {mean} en moyenne, de {least} à {most}."),
    "ranking_note": ("Every rule that scores, ranked by the share of {bot} self-play matches it decided ({games} "
                     "matches; {strongest}'s share beside it, {strongest_games} matches); points a hand and who "
                     "scored it from the hands above.",
                     "Cada regla que puntúa, ordenada por la proporción de partidas de {bot} contra sí mismo que "
                     "decidió ({games} partidas; la de {strongest} al lado, {strongest_games} partidas); puntos por "
                     "mano y quién la sumó, de las manos de arriba.",
                     "Cada regra que pontua, ordenada pela proporção de partidas de {bot} contra si mesmo que "
                     "decidiu ({games} partidas; a de {strongest} ao lado, {strongest_games} partidas); pontos por "
                     "mão e quem a fez, das mãos acima.",
                     "Ogni regola che segna, ordinata per la quota di partite di {bot} contro sé stesso che ha "
                     "deciso ({games} partite; quella di {strongest} accanto, {strongest_games} partite); punti per "
                     "mano e chi l'ha segnata, dalle mani sopra.",
                     "Chaque règle qui marque, classée par la part des parties de {bot} contre lui-même qu'elle a "
                     "décidées ({games} parties ; celle de {strongest} à côté, {strongest_games} parties) ; points "
                     "par donne et qui l'a marquée, d'après les donnes ci-dessus."),
    "kind": ("kind", "tipo", "tipo", "tipo", "type"),
    "kind_rule": ("scoring rule", "regla de puntuación", "regra de pontuação", "regola di punteggio",
                  "règle de décompte"),
    "kind_event": ("event", "evento", "evento", "evento", "événement"),
    "kind_declaration": ("declaration", "declaración", "declaração", "dichiarazione", "annonce"),
    "side_n": ("side {s}", "bando {s}", "lado {s}", "squadra {s}", "camp {s}"),
    "one_side": ("one side scored it", "la sumó un bando", "um lado a fez", "l'ha segnata una squadra",
                 "un camp l'a marquée"),
    "several": ("several sides scored it", "la sumaron varios bandos", "vários lados a fizeram",
                "l'hanno segnata più squadre", "plusieurs camps l'ont marquée"),
    "none_scored": ("nobody (tie or none)", "nadie (empate o ninguno)", "ninguém (empate ou nenhum)",
                    "nessuno (pari o nessuno)", "personne (égalité ou aucun)"),
    "never_seen": ("never seen in {hands} hands", "nunca vista en {hands} manos", "nunca vista em {hands} mãos",
                   "mai vista in {hands} mani", "jamais vue en {hands} donnes"),
    "never_probe_or_play": ("never scores on the probe piles, nor in the {hands} hands played",
                            "nunca puntúa en los montones de prueba, ni en las {hands} manos jugadas",
                            "nunca pontua nos montes de teste, nem nas {hands} mãos jogadas",
                            "non segna mai sui mazzetti di prova, né nelle {hands} mani giocate",
                            "ne marque jamais sur les plis d'essai, ni dans les {hands} donnes jouées"),
    "option_grid": ("Options side by side", "Opciones lado a lado", "Opções lado a lado", "Opzioni a confronto",
                    "Options côte à côte"),
    "grid_note": ("Each value of each option played in {games} matches a run: heuristic against itself (the first "
                  "player's edge, hands per match, comebacks) and against greedy in both seatings (skill, and luck: "
                  "greedy's wins), on the same seeds for every value. Δ: the value less the default value, with "
                  "its p-value; significant at 5% in bold.",
                  "Cada valor de cada opción jugado en {games} partidas por serie: heurístico contra sí mismo (la "
                  "ventaja de quien sale, manos por partida, remontadas) y contra codicioso en ambas posiciones "
                  "(habilidad, y suerte: las victorias del codicioso), con las mismas semillas para cada valor. Δ: "
                  "el valor menos el valor por defecto, con su valor p; en negrita si es significativo al 5%.",
                  "Cada valor de cada opção jogado em {games} partidas por série: heurístico contra si mesmo (a "
                  "vantagem de quem sai, mãos por partida, viradas) e contra guloso nas duas posições (habilidade, "
                  "e sorte: as vitórias do guloso), com as mesmas sementes para cada valor. Δ: o valor menos o "
                  "valor padrão, com o seu valor p; em negrito se significativo a 5%.",
                  "Ogni valore di ogni opzione giocato in {games} partite per serie: euristico contro sé stesso "
                  "(il vantaggio di chi gioca per primo, mani per partita, rimonte) e contro avido in entrambe le "
                  "posizioni (abilità, e fortuna: le vittorie dell'avido), con gli stessi semi per ogni valore. "
                  "Δ: il valore meno il valore predefinito, con il suo valore p; in grassetto se significativo al 5%.",
                  "Chaque valeur de chaque option jouée en {games} parties par série : heuristique contre lui-même "
                  "(l'avantage du premier joueur, donnes par partie, remontées) et contre glouton aux deux places "
                  "(habileté, et chance : les victoires du glouton), avec les mêmes graines pour chaque valeur. Δ : "
                  "la valeur moins la valeur par défaut, avec sa valeur p ; en gras si significatif à 5 %."),
    "value": ("value", "valor", "valor", "valore", "valeur"),
    "default": ("default", "por defecto", "padrão", "predefinito", "par défaut"),
    "grid_skill": ("heuristic beats greedy", "heurístico gana a codicioso", "heurístico ganha de guloso",
                   "euristico batte avido", "heuristique bat glouton"),
    "grid_luck": ("greedy wins (luck)", "gana codicioso (suerte)", "ganha guloso (sorte)", "vince avido (fortuna)",
                  "glouton gagne (chance)"),
    "not_measured": ("not measured: {note}", "sin medir: {note}", "não medido: {note}", "non misurato: {note}",
                     "non mesuré : {note}"),
    "grid_best": ("Most skill-rewarding: {skill}. Shortest: {shortest}. Most balanced: {balanced}.",
                  "Más premia la habilidad: {skill}. Más corta: {shortest}. Más equilibrada: {balanced}.",
                  "Mais premia a habilidade: {skill}. Mais curta: {shortest}. Mais equilibrada: {balanced}.",
                  "Premia di più l'abilità: {skill}. Più breve: {shortest}. Più equilibrata: {balanced}.",
                  "Récompense le plus l'habileté : {skill}. La plus courte : {shortest}. La plus équilibrée : "
                  "{balanced}."),
    "no_clear_value": ("no value differs significantly from the default", "ningún valor difiere significativamente "
                       "del valor por defecto", "nenhum valor difere significativamente do padrão",
                       "nessun valore differisce significativamente dal predefinito",
                       "aucune valeur ne diffère significativement de celle par défaut"),
    "ab_names": ("A: {a} · B: {b}", "A: {a} · B: {b}", "A: {a} · B: {b}", "A: {a} · B: {b}", "A : {a} · B : {b}"),
    "dealer_won": ("the dealer's side's hands won alone", "manos que gana solo el bando del repartidor",
                   "mãos que o lado de quem dá ganha sozinho", "mani vinte da sola dalla squadra del mazziere",
                   "donnes gagnées seul par le camp du donneur"),
    "sweep_hands_short": ("hands with a sweep", "manos con escoba", "mãos com escopa", "mani con una scopa",
                          "donnes avec un balayage"),
    "plays_short": ("plays a hand", "jugadas por mano", "jogadas por mão", "giocate per mano", "coups par donne"),
}


def words(lang: str) -> dict[str, str]:
    """Every phrase in `lang` (one of LANGUAGES)."""
    i = LANGUAGES.index(lang)
    return {key: forms[i] for key, forms in _WORDS.items()}
