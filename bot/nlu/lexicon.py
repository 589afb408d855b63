"""Keyword tables of the deterministic parser: words (English, Traditional and Simplified Chinese) that
set a categorical workload fact or signal an intent.

Patterns run on `normalize()`d text (lower case, ASCII digits). Each table maps a value to one regex;
order matters where two values could both match (first match wins). Keep words here, logic in
`facts.py` / `intents.py`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.nlu.fold import fold


def _rx(*alternatives: str) -> re.Pattern[str]:
    """One pattern of the alternatives, each also folded to Simplified: the text is folded before it is read
    (`bot.nlu.fold`), so a Taiwanese word ("筆電", "硬體") still matches as its folded form ("笔电", "硬体")."""
    # An alternative with a named group is kept folded only (a group name may appear once in a pattern).
    kept = (fold(a) if "(?P<" in a else a for a in alternatives)
    folded = (fold(a) for a in alternatives if "(?P<" not in a)
    return re.compile("|".join(f"(?:{a})" for a in dict.fromkeys((*kept, *folded))))


# Numbers are preceded by anything but an ASCII letter/digit (Chinese characters do not count: 约200人).
# A multiplier after a number: English words must end there ("5k", not "5kw"); a Chinese unit may run into the
# next word ("5亿token"); 打 is a dozen ("两打"), never the verb (打标签, 打电话).
# 兆 counts 10^12 of people or requests ("一兆人": Taiwan's and the traditional reading); as the SI mega it only prefixes
# a unit (兆瓦, 兆字节), which the lookahead leaves alone.
_MULT = (r"(?:k|m|bn|b|thousand|million|billion|trillion|hundred|lakhs?|lacs?|crores?)(?![a-z])|千万|千萬|百万|百萬|十万|十萬|万|萬|亿|億|千|百|"
         r"兆(?=\s*(?:个|個|位|名)?\s*(?:人|用户|用戶|使用者|员工|員工|并发|並發|请求|請求|次))|"
         r"打(?![标標电電开開分印包卡字算工])")
NUM = rf"(?<![a-z0-9_.])(?P<neg>-\s*)?(?P<num>\d+(?:\.\d+)?)(?:\s*(?P<mult>{_MULT}))?"
APPROX = r"(?:~|≈|about|around|roughly|approx\.?|approximately|some|maybe|like|约|約|大约|大約|大概|差不多|将近|將近)?\s*"
# Words that may stand between a length's noun and its number without changing what the number measures
# ("docs sometimes up to 64k", "inputs can be up to 50k", "文档最长 32k", "输入有时候长达 20k"): frequency,
# modal and "at most / reach" words. Text is normalized (lower case, Simplified Chinese) before matching.
LENGTH_HEDGES = (r"sometimes|often|occasionally|usually|typically|generally|normally|mostly|commonly|"
                 r"can be|could be|may be|might be|will be|tend to be|runs?|go|goes|get|gets|reach(?:es)?|hit|hits|"
                 r"average|avg|on average|有时候?|偶尔|经常|常常|往往|通常|一般|平均|大多|最长|最多|长达|可达|会到|能到|会有|能有|可以到|"
                 # a length said as what it changes to ("what if prompts grow to 8k?", "如果输入变成 16k 呢")
                 r"grows?|grew|increases?|rises?|jumps?|climbs?|becomes?|balloons?|doubles?|go(?:es)? up|"
                 r"变成|变为|变长|涨|增加|增长|上升|提高|提升")
# Words that make a figure a floor: a speed ("at least 30 tok/s", "每秒不低于 25 个 token") or a context window
# ("need 32k context minimum", "上下文起碼要 8k": what the window must hold, so the maximum context).
FLOOR_WORDS = (r"at least|no less than|not less than|minimum|min\.?|至少|最少|最低|起码|起碼|不低于|不低於|不少于|不少於|"
                     r"不能低于|不能低於|保证|保證|达到|達到")
CONTEXT_FLOOR_WORDS = rf"(?:{FLOOR_WORDS}|minimum|at minimum|min\b|or more|or longer|以上)"
MULTIPLIERS = {
    None: 1, "k": 1e3, "thousand": 1e3, "千": 1e3, "hundred": 100, "百": 100, "万": 1e4, "萬": 1e4,
    "千万": 1e7, "千萬": 1e7, "百万": 1e6, "百萬": 1e6, "十万": 1e5, "十萬": 1e5, "打": 12,
    # Indian numbering ("₹40 lakh" = 4,000,000; "2 crore" = 20,000,000)
    "lakh": 1e5, "lakhs": 1e5, "lac": 1e5, "lacs": 1e5, "crore": 1e7, "crores": 1e7,
    "m": 1e6, "million": 1e6, "亿": 1e8, "億": 1e8, "兆": 1e12, "b": 1e9, "bn": 1e9, "billion": 1e9, "trillion": 1e12,
}

SCALE_WORDS: dict[str, re.Pattern[str]] = {
    "organization": _rx(r"whole company", r"entire company", r"\b(?:the|our|whole|entire) org\b", r"company[- ]?wide", r"all (?:our )?employees",
                        r"organi[sz]ation", r"\borg[- ]?wide", r"enterprise[- ]?wide", r"across the company",
                        "全公司", "整個公司", "整个公司", "全集團", "全集团", "整个集团", "整個集團", "全組織", "全组织", "全员", "全員",
                        "全体员工", "全體員工", "全企业", "全企業",
                        # a bank, a school, a hospital, a plant speak of themselves as 行 / 校 / 院 / 厂 ("全行 5000 人")
                        "全行(?![业業])", "全校", "全院", "全厂"),
    "department": _rx(r"\bdepartment", r"\bdept\b", r"\bdivision\b", r"business unit", "部門", "部门",
                      "事業部", "事业部", r"\bin legal\b", r"\bin finance\b", r"\bin hr\b"),
    "team": _rx(r"\bteam\b", r"\bsquad\b", r"\bsmall group\b", "小組", "小组", "團隊", "团队", "組內", "组内"),
    "edge": _rx(r"\bedge\b", r"on[- ]device", r"\bembedded\b", r"factory floor", r"in the field", "邊緣", "边缘",
                "端側", "端侧", "嵌入式", "現場設備", "现场设备",
                # a machine that carries its own computer: one onboard device, its power the machine's
                r"\bon[- ]?board\b", r"\bdrones?\b", r"\buavs?\b", r"\brobots?\b", r"\brobotic\b",
                "无人机", "無人機", "机载", "機載", "车载", "車載",
                # a robot, not a chat, voice or customer-service *bot* (客服机器人, 客服语音机器人, 外呼机器人 are
                # software serving people over a line, whatever words stand between the service and 机器人)
                "(?<!客服)(?<!聊天)(?<!问答)(?<!对话)(?<!智能)(?<!回复)(?<!语音)(?<!外呼)(?<!电话)(?<!客服语音)机器人"),
    "personal": _rx(r"\bjust me\b", r"\bonly me\b", r"\bmyself\b", r"\bpersonal\b", r"single[- ]user",
                    r"\bmy (?:own )?(?:laptop|desktop|workstation|mac|pc)\b", r"\blaptop\b", r"\bfor me\b",
                    # one named person's machine, whoever it is
                    r"\b(?:only|just) (?:her|him|them|one person|one user)\b", r"\bfor (?:my|her|his|their) own\b",
                    r"\bdesk (?:machine|box|computer)\b",
                    "只有她", "只有他", "她自己用", "他自己用",
                    # 每个人 / 各个人 is everyone, not one person
                    r"(?<![\d\s每各几幾十百千])個人", r"(?<![\d\s每各几幾十百千])个人", "筆電", "笔记本", "筆記型電腦", "自己用", "我自己", "單人", "单人", "本機", "本机",
                    # one person trying it out: "自己玩", "自己折腾", "to play with at home"
                    "自己玩", "自己折腾", "自己试", "自己跑着玩", r"\bto (?:play|tinker) with\b", r"\bfor fun\b",
                    # the user's own laptop, named as theirs ("I have an M5 Max MacBook", "我有一台 MacBook Pro"): one
                    # person's machine (seed 1: laptops are single-user); "想自己跑", "自己本地跑"
                    r"\b(?:i|i've|i have|got|my)\b[^,.;!?]{0,40}?\b(?:macbook|laptop|notebook)s?\b",
                    "我(?:有|的|手上的|手上有|自己的)(?:一台|台)?[^,，。;；]{0,24}?(?:macbook|笔记本|笔电|筆電)", "自己本地跑",
                    # ... but not a move off a hosted API to running it in-house ("想改成自己跑 gpt-oss-120b", "换成 Qwen3-14B
                    # 自己跑"): a migration word earlier in the clause makes it the company's own serving
                    # nor when the message is about a hosted API's bill ("公司每月付给 Anthropic 大约 US$8,000 … 想自己跑"):
                    # moving that spend in-house, not one person's machine
                    "^(?!.*(?:[账帐]单|\\bapi\\b|付给|openai|anthropic))"
                    "(?:.*?[,;.!?])?(?:(?!换成|改成|改为|改用|转成|转为|迁到|迁移|搬到|切到|替换|替代|取代)[^,;.!?])*?自己跑",
                    r"\bhobby\b",
                    # one person's everyday setup ("as my daily driver"), and their laptop with the "I" left out as
                    # Slack leaves it ("have a macbook pro m3 max")
                    r"\bdaily driver\b", r"(?:^|[.;!?]\s*)(?:have|got) an? (?:macbook|laptop|notebook)\b",
                    # one person's machine or one person's own things ("a mac mini on my desk", "summarize my email"): the
                    # work is theirs alone
                    r"\bon my desk\b", r"\bmy (?:own )?(?:e-?mails?|inbox|notes|journal|calendar|diary)\b", "我的邮件", "我的笔记"),
}

# A laptop for each person ("cheapest laptop for each", "on their laptops", "每人一台笔记本", "每人筆電上跑"): everyone
# runs the model on their own machine, so the deployment is personal whatever group word stands beside it ("our
# sales team (12 people)"), and the head count is how many laptops are bought, not how many share one.
_LAPTOP_WORD = r"(?:laptops?|macbooks?(?: pros?| airs?)?|notebooks?)"
LAPTOP_EACH = _rx(
    rf"\b(?:each|every)(?: \w+){{0,3}} (?:gets?|has|have|with|on|needs?) (?:an? |their |his |her )?(?:own )?{_LAPTOP_WORD}\b",
    rf"\b{_LAPTOP_WORD} (?:for )?(?:each|every one|everyone|per (?:person|head|user|engineer|rep)|apiece)\b",
    # "on their laptops" is where the model runs only when running is said ("need llama 3b on their laptops");
    # "200 users on their laptops" may be clients of a server
    rf"\b(?:on|to|for) their own {_LAPTOP_WORD}\b", rf"\bper[- ]person {_LAPTOP_WORD}\b",
    rf"\b(?:run|runs|running|need|needs|install|installed|put|deploy|deployed|local(?:ly)?)\b(?:[^.;!?]|\.(?=\d)){{0,60}}"
    rf"\bon their {_LAPTOP_WORD}\b",
    # (the text is normalized first: "一台" reads "1台")
    "(?:每人|每个人|每位|每名|一人|人手)(?:各)?(?:1\\s*台|都有1\\s*台|配1\\s*台)?(?:的)?\\s*"
    "(?:笔记本(?:电脑)?|笔电|筆電|筆記型電腦|手提电脑|手提電腦|macbook)",
    "人手1\\s*台", "(?<![\\d一])1人1\\s*台")

# The nouns of a group of people ("a 20-person team", "squad of 12", "35-strong data science group", "20 人的研发组",
# "产品部 60 来号人", "研發組 20 人"): a count said of a group is its head count, whatever the group is called; only words
# of simultaneity ("at once", "同时", "并发", "在线") make a count the peak (seed 1 sizes by concurrent users, and a
# head count's peak is a share of it). Simplified only: the text is folded before it is read.
GROUP_NOUNS_EN = (r"teams?|squads?|groups?|departments?|depts?|divisions?|crews?|labs?|orgs?|organi[sz]ations?|"
                  r"compan(?:y|ies)|firms?|startups?|studios?|practices?")
# 部 is a department ("产品部", "法务部") but never the 部 of 部署; 组 a group ("算法组") but never 组成 / 组合 / 组织 (its own word).
GROUP_NOUNS_ZH = (r"公司|团队|企业|集团|部门|组织|小组|课题组|实验室|事务所|工作室|科室|中心|组(?![成合建装])|部(?![署分件门]|\s*\d)")
# A device for each person ("each of our 5 engineers their own DGX Spark", "one RTX 5090 box per researcher", "每人一台
# DGX Spark", "人手一张 4090", "每个工程师配一台"): everyone runs the model on a machine of their own, as with laptops, so
# the head count is how many devices are bought, each serving its one person (seed 1: a personal device is single-user).
_PERSON_NOUN = (r"(?:person|head|user|engineer|dev|developer|researcher|scientist|analyst|designer|pm|rep|seat|member|employee|"
                r"student|lawyer|doctor)s?")
# (words between "one" and "per" name the device, never a load: "one request per user" is no device each)
_DEVICE_WORDS_EN = r"(?:(?!requests?|quer(?:y|ies)|messages?|sessions?|calls?|prompts?|tokens?|questions?|tickets?)[a-z0-9+-]+\s+){1,5}?"
DEVICE_EACH = _rx(
    r"\b(?:each|every)\b(?: of (?:our|the|my|their|these|those))?(?: \S+){0,4}? (?:gets?|has|have|with|their|his|her) "
    r"(?:an? |their |his |her )?own\b",
    rf"\b(?:one|an?|1)\s+{_DEVICE_WORDS_EN}(?:per|for each|for every)\s+(?:\d+\s+)?{_PERSON_NOUN}\b",
    r"\bper[- ](?:person|head|engineer|user|dev|developer|researcher) (?:box|machine|device|workstation)",
    # (the text is normalized first: "一台" reads "1台"; a role may stand between "每个" and the device: "每个工程师一台")
    "(?:每人|每个人|(?:每位|每名|每个)(?!请求|会话|对话|文档|任务|问题|模型|月|星期|小时)[\u4e00-\u9fff]{0,5}?|一人|人手)"
    "\\s*(?:各)?\\s*(?:都)?\\s*(?:有|配|买|发|分|用|拿|给)?\\s*(?:1\\s*(?:台|张|块|部|套)|自己的|各自的)",
    "(?<![\\d一])1人1\\s*(?:台|张|块|部)")

# 离线 names a batch job only with the job's word ("离线任务", "离线处理 10 万条"): alone it is a machine cut off from
# the network ("環境完全離線", "离线跑一个 1.5B"), an air gap, not a job.
OFFLINE_JOB_ZH = "(?:离线|離線)\\s*(?:任务|任務|作业|作業|处理|處理|批|推理|计算|計算|分析|打标|打標|标注|標註|摘要|分类|分類|抽取|跑批)"

ARRIVAL_WORDS: dict[str, re.Pattern[str]] = {
    "batch": _rx(r"\bbatch (?:jobs?|processing|workloads?|mode|inference)", r"\bin batches\b", r"\boffline (?:processing|jobs?|batch|inference|workloads?)",
                 r"overnight", r"nightly", r"background jobs?", "批处理", "批處理", "批次", OFFLINE_JOB_ZH, "夜间", "夜間",
                 "每晚", "每天晚上", "通宵", "批量处理", "批量處理",
                 # A pipeline or job named by the batch work it does: throughput over the day, not chat streams.
                 r"\b(?:summari[sz]ation|classification|extraction|translation|labell?ing|tagging|embedding|ingestion|"
                 r"indexing|scoring|transcription|redaction|enrichment|moderation) (?:pipelines?|jobs?|workers?)\b",
                 r"\b(?:an? |the |our )?(?:extraction|classification|summari[sz]ation|tagging|labell?ing) jobs?\b",
                 r"\betl\b", r"\bdata pipelines?\b",
                 # finished before the working day starts: a job run outside office hours
                 r"before (?:people|everyone|anyone|staff|the team|folks|users) (?:come|comes|get|gets|are) (?:in|back|online)",
                 r"before (?:the )?(?:office opens|morning|start of business|business hours|the workday|the work day)",
                 r"晚上.{0,4}(?:跑|处理|处理完)", "上班前(?:跑完|处理完|完成)",
                 "(?:摘要|总结|分类|抽取|提取|翻译|标注|打标签|审核)(?:流水线|管线|任务|作业)",
                 # nobody waits on the answers as they stream: throughput over a window, no first token to hold to
                 # (only a denial: "real-time assist", "要即时摘要" are interactive)
                 r"\b(?:not|no need for|don'?t need|doesn'?t need to be|does not need to be|needn'?t be)\s+(?:in\s+)?real[- ]?time\b",
                 r"\b(?:nobody|no one)(?:'s| is| will be)? (?:watch(?:es|ing)?|wait(?:s|ing)? (?:on|for)|reads? (?:it|them|the \w+) "
                 r"(?:live|as it streams)|looks? at (?:it|them|the \w+) (?:live|before|until|till))\b", r"\bunattended\b",
                 "(?:没人|没有人|无人)(?:盯着|在|会)?(?:看|等|盯)", "无人值守",
                 r"\b(?:a few|a couple(?: of)?|some|several) (?:minutes?|mins?|hours?) (?:of )?lag\b", r"\blag is (?:fine|ok|okay)\b",
                 "(?:不用|不需要|不必|无需|無需|不要求)(?:即时|实时|實時|即時)", "非(?:实时|即时)",
                 # latency said not to matter at all (not the first token's alone: "首字延迟无所谓" still streams to a reader)
                 r"\blatency (?:doesn'?t|does not|don'?t) matter", r"\b(?:don'?t|do not|doesn'?t) care (?:much )?about latency",
                 "(?:不在乎|不在意|不关心|不管)\\s*延迟", "(?<![字个n])(?<!n )延迟\\s*(?:无所谓|不重要|不在乎|不敏感|没(?:有)?(?:什么)?要求)"),
    # "peak"/高峰 alone only says when the maximum is, not that arrivals are bursty.
    "bursty": _rx(r"burst", r"spiky", r"spikes?", r"peaky", r"morning rush", r"rush hours?", r"comes in waves",
                  r"(?:流量|请求|访问|负载)(?:很|比较|非常|特别)?(?:尖|突发|不均匀|不均)",
                  "突发", "突發", "波动大", "波動大", "集中在", "忽高忽低"),
    "steady": _rx(r"\bsteady\b", r"constant (?:load|traffic|rate)", r"evenly", r"stable (?:load|traffic)",
                  r"uniform (?:load|traffic)", "平稳", "平穩", "均匀", "均勻", "流量稳定", "流量穩定"),
}

# How often the model changes is said of the model itself: its name (model, weights, checkpoint, architecture),
# then what it is ("frozen", "pinned", "locked", "final"; "冻结", "锁定", "定了"), or a change verb denied with the
# model as its object ("not touching the weights", "no plans to swap or retrain the model"; "不打算重新训练").
# A lock or a steadiness said of anything else ("budget's locked", "预算锁定", "机柜空间固定") is not about the model.
# A model named by its size is the model too: "the 7B is pinned", "our 13B keeps changing".
_MODEL_NOUN = r"(?:model|llm|weights|checkpoints?|ckpt|arch(?:itecture)?s?|fine[- ]?tune|\d+(?:\.\d+)?\s?b)"
_IS = r"(?:\s*(?:'s|'re)|\s+(?:is|are|has been|have been|will be|stays?|remains?|gets?|got|now|already|basically|totally|fully|completely|officially|effectively))*\s+"
_FIXED = r"(?:frozen|pinned|locked(?:[- ](?:down|in))?|final(?:i[sz]ed)?|set in stone|signed off|fixed)\b"
_CHANGE_VERB = r"(?:touch|chang|updat|retrain|re-train|modif|swap|tweak|replac|fine[- ]?tun)\w*"
_DENIED = r"(?:not|never|no longer|won'?t|can'?t|cannot|don'?t|do not|aren'?t|isn'?t|no plans? to|not planning to|not going to)"
_MODEL_NOUN_ZH = "(?:模型|权重|版本|结构|架构|checkpoint|ckpt)"
_GAP_ZH = "(?:已经|已|就|都|基本|也|是|了|，|,|\\s){0,4}"
_FIXED_ZH = "(?:冻结|锁定|锁死|锁住|定了|定版|封版|定稿|固定)"

STABILITY_WORDS: dict[str, re.Pattern[str]] = {
    "frequent_changes": _rx(r"changes? (?:every|each) (?:week|day|month|sprint)",
                            # "每两周就改一次结构", "每幾週就改一次"
                            r"每(?:几|幾|两|兩|[0-9一二三四]+)?(?:周|週|个月|個月|月)(?:都|就)?(?:会|會)?(?:改|换|換|更新)",
                            # a new release taken as soon as it is out ("新模型出来我们就会换", "新版一出就升級")
                            r"新(?:的)?(?:模型|版本?)(?:一|1)?(?:出来|出|发布)(?:了)?(?:我们|我們)?就(?:会)?(?:换|換|升级|升級|上)",
                            r"(?:换|換|更新|升级|升級)(?:得)?(?:很|挺|比较|非常|特别)?(?:勤|频繁|頻繁|快)",
                            r"更新(?:挺|很|比较|比較|非常|特别)频繁",
                            r"swap(?:ping)? in (?:whatever|every|each|the latest|the newest) (?:new )?(?:open )?(?:model|release)",
                            r"(?:retrain|change|update|swap|fine[- ]?tune)\w*\b[^.]{0,50}\b(?:every (?:few |couple of |other )?(?:weeks?|days?|months?|sprints?)|monthly)",
                            r"\bweekly\b", r"every week",
                            r"retrain(?:ed|ing)? (?:often|frequently|weekly|every|regularly)",
                            r"frequent(?:ly)? (?:updat|chang|retrain|swap)", r"(?:updat|chang|swap)\w* (?:it |the model |models )?(?:often|frequently|all the time|constantly)",
                            r"model changes", r"swap(?:ping)? models", r"keep iterating",
                            "经常更新", "經常更新", "频繁更新", "頻繁更新", "每周更新", "每週更新", "经常换", "經常換",
                            "不断迭代", "不斷迭代", "常常更新", "快速迭代", "经常变", "經常變",
                            # a new version out on a cadence ("push a new checkpoint every sprint", "每两周就会出一个新版本",
                            # "每个月都会重新微调")
                            r"\bnew (?:checkpoint|model|version|weights|fine[- ]?tune)s?\b[^.;]{0,30}?\b(?:every|each) (?:few |couple of |other )?(?:sprints?|weeks?|days?|months?|releases?)",
                            "每(?:几|两|[0-9一二三四]+)?(?:周|个月|月|天)(?:都|就)?(?:会|要|在)?(?:出|发)(?:[1一](?:个|版))?新(?:的)?(?:版本|模型)",
                            "每(?:几|两|[0-9一二三四]+)?(?:周|个月|月|天)(?:都|就)?(?:会|要|在)?(?:重新)?(?:训练|微调|迭代|换)",
                            # the model still in flux ("expect the model to churn", "结构可能随时调整", "变动很频繁")
                            rf"{_MODEL_NOUN}\b[^.;]{{0,20}}?\b(?:churn\w*|in flux|keeps? changing|still (?:iterating|changing|evolving))",
                            r"experiment\w* with (?:the |new |different )?(?:arch(?:itecture)?s?|models?|weights)",
                            "试错", "随时(?:调整|改|变|换)", "变动(?:很|挺|比较|非常)?(?:频繁|大|多)"),
    "stable": _rx(r"stable model", r"model (?:is|will be|stays) (?:stable|fixed|frozen)", r"won'?t change",
                  r"will not change", r"rarely (?:change|update)", r"fixed model", r"\bfrozen\b", r"\bstable\b",
                  "模型稳定", "模型穩定", "模型固定", "固定模型", "不常更新", "很少更新", "不会变", "不會變", "定型", "不会改", "不會改",
                  "固定不变", "固定不變",
                  # seed 2, 2.2 条件一: "模型已经定型半年一年都不动"
                  "不会再改", "不會再改", "不再改", "都不动", "都不動", "不会动", "不會動", "不再动",
                  # the model named, then what it is ("Model is pinned", "weights are final", "这版模型锁定了", "版本，锁死了")
                  rf"\b{_MODEL_NOUN}{_IS}{_FIXED}", rf"\b(?:freez\w*|pinned|locked(?:[- ]down)?|finali[sz]ed)\s+"
                  rf"(?:the |our |this |that |a |an )?(?:\w+[- ])?{_MODEL_NOUN}\b",
                  f"{_MODEL_NOUN_ZH}{_GAP_ZH}{_FIXED_ZH}",
                  # a change denied, the model its object ("not touching the weights", "no plans to swap or retrain the model")
                  rf"{_DENIED}\s+(?:\w+\s+){{0,2}}?{_CHANGE_VERB}\s+(?:\w+\s+){{0,3}}?{_MODEL_NOUN}\b",
                  r"\bno (?:re-?trains?|re-?training|model (?:changes|updates))\b", r"signed off on (?:this|the|that|our) (?:exact )?"
                  r"(?:checkpoint|model|version|weights)", r"(?:leave|left) (?:it|the model|the weights) alone",
                  r"\b(?:run|serve|ship|keep|deploy)\w* (?:it |the model |the weights )?as[- ]is\b",
                  "不(?:会|會)?(?:再)?迭代", "不(?:打算|准备|计划)(?:再)?(?:重新)?(?:训练|微调|改|更新|换)", "不会(?:再)?重新(?:训练|微调)"),
}

DYNAMIC_SHAPES_YES = _rx(r"variable[- ]length", r"dynamic (?:shapes?|inputs?|lengths?|sequences?)",
                         # "inputs vary wildly in length", "input lengths are all over the place"
                         r"\b(?:inputs?|prompts?|requests?|lengths?|sizes?)\b[^.;]{0,24}\bvar(?:y|ies|ying)\b",
                         r"\b(?:lengths?|sizes?)\b[^.;]{0,16}\ball over the (?:place|map)\b",
                         r"varying (?:lengths?|sizes?|input)", r"lengths? vary", r"vary (?:a lot )?in length",
                         r"different lengths", "变长", "變長", "动态形状", "動態形狀", "动态输入", "動態輸入",
                         "长度不一", "長度不一", "长短不一", "長短不一", "长度变化", "長度變化")
DYNAMIC_SHAPES_NO = _rx(r"fixed[- ]length", r"same length", "定长", "定長", "固定长度", "固定長度")

ACCURACY_CRITICAL = _rx(r"medical", r"clinical", r"healthcare", r"hospital", r"diagnos", r"patients?",
                        r"legal[- ]critical", r"accuracy[- ]critical", r"accuracy (?:is|really) (?:critical|crucial|paramount)",
                        r"every (?:bit|fraction) of accuracy", r"high[- ]stakes", r"safety[- ]critical",
                        r"can'?t afford (?:mistakes|errors)", "醫療", "医疗", "诊断", "診斷", "病人", "病患",
                        "至关重要", "至關重要", "精度要求高", "准确率要求", "準確率要求", "不能出错", "不能出錯",
                        "法律关键", "法律關鍵",
                        # "accuracy matters a lot", "we need high accuracy", "准确率很重要", "準確度非常重要"
                        r"accuracy (?:really )?matters", r"accuracy is (?:very |really |extremely )?(?:important|key|everything)",
                        r"\b(?:high|highest|maximum|max|top) accuracy", r"mistakes are (?:costly|expensive|unacceptable)",
                        r"(?:准确率|準確率|准确度|準確度|准确性|準確性|精确度|精確度|精度)(?:的)?(?:要求)?(?:很|非常|特别|特別|极其|極其|十分|比较|比較)?"
                        r"(?:重要|关键|關鍵|高|严格|嚴格)", "高准确率", "高準確率",
                        # "对准确性要求很高", "答案错了会出事": what a wrong answer costs
                        r"对(?:精度|准确率|准确度|准确性)(?:的)?要求(?:很|非常|特别|极其|十分|比较)?(?:高|严格)",
                        r"(?:错|错误)了?(?:就)?会出(?:事|大事|问题|大问题)", r"wrong answers? (?:is|are|would be|could be) (?:a )?(?:disaster|dangerous|costly|unacceptable)")

# The user wants a safe answer: targets are checked against the low end of the likely range.
# "our fine-tuned 7B", "a fine-tune of Llama", "微调过的模型": the model is the user's own checkpoint.
FINE_TUNED = _rx(r"\bfine[- ]?tuned\b", r"\bfine[- ]?tunes?\b(?! (?:it|them|on|the same))", r"\bour own (?:trained )?model\b",
                 "微调过", "微調過", "微调的", "微調的", "微调后", "微調後", "微调模型", "微調模型")
CONSERVATIVE = _rx(r"\bconservative(?:ly)?\b", r"\b(?:a |the )?safe (?:answer|estimate|side|bet|choice|sizing)\b",
                   r"\bworst[- ]case\b", r"\bplay it safe\b", r"\bwith (?:a )?(?:safety )?margin\b",
                   "保守", "稳妥", "穩妥", "留有余量", "留有餘量", "保险起见", "保險起見")

# The streams in flight are programs' calls, not people ("a pool of 64 workers", "from our pipeline", "都是后台 agent 在调，
# 不是人", "程式呼叫的", "系统自动调用"): a program sends its next request as soon as its answer ends (a closed loop), so
# every stream brings a prompt per answer; people read between theirs (`estimator.advice.sizing.people_at_once`).
MACHINE_CALLERS = _rx(r"\bworker pool\b", r"\bpool of (?:\d+ )?workers\b", r"\b(?:queue|background|celery|async|batch) workers\b",
                      r"\bworkers (?:call|hit|send|query)\b",
                      r"\bfrom (?:our|the) (?:pipeline|backend|services?|batch (?:jobs?|system))\b",
                      r"\b(?:programmatic(?:ally)?|automated) (?:calls?|requests?|clients?|callers?)\b",
                      r"\bcalled (?:programmatically|by (?:code|scripts?|our (?:services?|backend|pipeline)))\b",
                      r"\bnot (?:people|humans?)\b", r"\bno (?:people|humans?) (?:waiting|reading)\b",
                      r"程序(?:在)?调用", "程式呼叫", "程式在呼叫", r"系统自动调用",
                      r"后台(?:的)?\s*(?:agent|服务|服務|程序|程式|任务)\s*(?:在)?(?:调|呼叫)", r"不是人(?:在)?(?:等|用|看)",
                      r"机器(?:在)?调用", "自动调用")

# The lead asks for availability (seed 1, organization tier: "考慮冗餘：N+1 GPU 配置用於故障轉移" is a choice, not a
# default): failover, HA, an uptime SLA, "can't go down". A denial ("不要求高可用", "no need for HA") is read first and wins.
AVAILABILITY_NOT_REQUIRED = _rx(r"\b(?:no|don'?t|do not|doesn'?t|does not) (?:need|require|care about) (?:any )?(?:ha|high[- ]availability|failover|redundancy|a spare)\b",
                                r"\b(?:ha|high[- ]availability|failover|redundancy) (?:is )?not (?:needed|required|a concern)\b",
                                "不要求高可用", "不需要高可用", "不用高可用", "不要高可用", "不考虑高可用", "不考慮高可用",
                                "不需要冗余", "不需要冗餘", "不用冗余", "不用冗餘", "不需要备用", "不需要備用", "不用备用", "不用備用")
AVAILABILITY_REQUIRED = _rx(r"\bhigh[- ]availability\b", r"\bhighly available\b", r"\((?:ha)\)", r"\b(?:need|needs|want|wants|require[sd]?|with|for) (?:an? )?ha\b",
                            r"\bha (?:setup|cluster|pair|deployment|config)", r"\bfail[- ]?over\b", r"\bredundan(?:cy|t)\b",
                            r"\b(?:can'?t|cannot|can not|must not|mustn'?t) (?:ever )?go down\b", r"\bno (?:single point of failure|downtime)\b",
                            r"\b(?:zero|without) downtime\b", r"\buptime (?:sla|target|requirement)\b",
                            r"\b99\.9+ ?%(?: of the time)? ?(?:uptime|availability|sla)\b", r"\b(?:uptime|availability|sla)\b.{0,12}\b99\.9",
                            r"\bsla\b.{0,20}\buptime\b", r"\bn ?\+ ?1\b",
                            "可用性 ?99", "高可用", "故障切换", "故障切換", "故障转移", "故障轉移", "不能停机", "不能停機", "不能宕机", "不能當機",
                            "不能中断", "不能中斷", "容灾", "容災", "冗余", "冗餘", "主备", "主備", "双活", "雙活",
                            # a device may fail and service go on ("扛住坏一张卡不停服务", "lose a gpu and keep serving")
                            "(?:扛|撑|顶|抗)(?:得)?住\\s*(?:坏|挂|宕)", "(?:坏|挂)(?:掉)?\\s*[1一]\\s*[张張块塊台](?:卡|gpu)?\\s*(?:也|还|還)",
                            "不停(?:服务|服務|机|機)",
                            r"\bsurvive (?:a|one|1|any) (?:gpu|card|node|server|box)(?: failure| failing| dying| going down)?\b",
                            r"\blose (?:a|one|1) (?:gpu|card|node|server) and (?:keep|stay|still)\b")

# Seed 2, 2.2 条件三: "功耗和空间有硬约束" — space as the binding limit (positive statements only: "space is
# not a concern" must not match).
SPACE_LIMITED = _rx(r"\blittle (?:rack |floor )?space\b", r"\blimited (?:rack |floor )?space\b",
                    r"\b(?:rack|floor) space is (?:tight|limited|scarce)", r"\bspace[- ](?:constrained|limited)\b",
                    r"\bno (?:more |spare )?rack space\b", r"\bonly (?:have |got )?(?:\d+|one|two) ?u\b(?! ?sers)", r"\b\d+ ?u (?:left|free|spare) in the rack\b",
                    r"\bonly (?:one|a single|half a) rack\b",
                    "空间有限", "空間有限", "空间受限", "空間受限", "空间紧张", "空間緊張", "机柜空间有限", "機櫃空間有限",
                    "只有一个机柜", "只有一個機櫃", "机位有限", "機位有限", "空间也有限", "空間也有限")
MIXED_TRAINING = _rx(r"(?:also|plus|and|to)\s+(?:do\s+)?(?:some\s+)?(?:train|training|fine[- ]?tun(?:e|ing)|retrain)",
                     r"train(?:ing)? on the same", r"same (?:hardware|machines?|gpus?|boxes|servers?|cluster) (?:for|to) (?:train|fine)",
                     r"(?:want|plan|need|going) to (?:train|fine[- ]?tune|retrain)", r"training (?:and|&) inference",
                     r"inference (?:and|&) training",
                     # fine-tuning jobs run on the box ("runs our LoRA finetunes overnight", "QLoRA training at night"),
                     # not a fine-tuned model served ("our fine-tuned 7B")
                     r"\b(?:runs?|running|do|doing|and)\s+(?:our\s+|the\s+|some\s+)?(?:q?lora\s+)?fine[- ]?tun(?:es|ing)\b",
                     r"\bq?lora (?:fine[- ]?tun(?:es|ing)|training|jobs?)\b",
                     "晚上微调", "夜里微调", "晚上做微调", "晚上跑微调", "微调任务",
                     "也要训练", "也要訓練", "也要微调", "也要微調", "同时训练", "同時訓練", "兼做训练", "兼做訓練",
                     "也用来训练", "也用來訓練", "训练和推理", "訓練和推理", "推理和训练", "推理和訓練",
                     "也拿来微调", "也拿來微調", "也做微调", "也做微調", "也跑训练", "也跑訓練",
                     r"fine[- ]?tun\w*\b.{0,80}\bsame (?:machines?|hardware|gpus?|servers?|boxes)",
                     r"same (?:machines?|hardware|gpus?|servers?|boxes).{0,40}(?:train|fine[- ]?tun)",
                     r"同[一1](?:批|台|套|组|組)?(?:机器|機器|硬件|硬體|服务器|伺服器|gpu|卡).{0,12}(?:训练|訓練|微调|微調)",
                     r"(?:训练|訓練|微调|微調).{0,20}(?:同时|同時|也).{0,6}(?:推理|服务|服務)",
                     # seed 2 场景对照表 "训练推理共用": serving in the gaps between training runs
                     r"(?:训练|訓練|微调|微調).{0,6}(?:间隙|間隙|空档|空檔|之间|之間).{0,20}(?:推理|推論|服务|服務)")

# A slot free for a card ("有空的 pcie 槽", "空着两个 x16 槽", "pcie 槽都空着", "two free x16 slots"), in folded text.
_FREE_SLOT_ZH = (r"(?:(?:有)?空(?:的|着|著|闲的?|余的?)?\s*(?:\d+\s*个)?\s*(?:pci-?e\s*)?(?:x16\s*)?(?:插?槽|卡槽|槽位)|"
                 r"(?:插?槽|卡槽|槽位)\s*(?:都|全|还|也)?\s*(?:是)?\s*(?:空|闲))")
_FREE_SLOT_EN = r"(?:\d+\s+|two\s+|a\s+|one\s+)?(?:free|spare|empty|open|unused|available)\s+(?:pci-?e\s+|x16\s+|gpu\s+|pcie\s+x16\s+)*slots?"

# How many slots are free for cards in the host they own ("two free x16 slots", "2 x16 slots open", "空着两个 x16 槽",
# "还有一个空槽", "a free slot"): the cards that host takes (`Workload.free_slots`); read on folded, normalized text, so
# number words are digits. The count is group 1 or 2.
FREE_SLOTS_COUNT = _rx(r"\b(\d{1,2}|an?|one)\s+(?:free|spare|empty|open|unused|available)\s+(?:(?:pci-?e|x16|gpu|double[- ]width|full[- ]length)\s+)*slots?\b",
                       r"\b(\d{1,2})\s+(?:(?:pci-?e|x16|gpu|double[- ]width)\s+)*slots?\s+(?:free|open|empty|spare|left|available|unused)\b",
                       r"(?:空着|空著|空闲|还有|剩|剩下)\s*(\d{1,2})\s*(?:个|個)?\s*(?:空的?)?\s*(?:pci-?e\s*)?(?:x16\s*)?(?:插?槽|卡槽|槽位)",
                       r"(\d{1,2})\s*(?:个|個)\s*空(?:的|着|著|闲的?)?\s*(?:pci-?e\s*)?(?:x16\s*)?(?:插?槽|卡槽|槽位)")

EXISTING_HARDWARE: dict[str, re.Pattern[str]] = {
    "none": _rx(r"no existing hardware", r"nothing (?:yet|existing)", r"from scratch", r"greenfield",
                r"no hardware (?:yet|today)", r"don'?t have any hardware", "没有现成", "沒有現成", "没有现有", "沒有現有",
                "从零开始", "從零開始", "没有任何硬件", "沒有任何硬體",
                # a count of none owned ("we own zero gpus", "we have no gpus", "手上一张卡都没有", "沒有任何卡"): no ownership
                r"\b(?:have|own|got)\s+(?:0|no|zero)\s+(?:\w+\s+)?(?:gpus?|cards?|hardware|servers?|boxes|machines)\b",
                r"\b(?:own|have)\s+nothing\b", r"\bno (?:gpus?|hardware|servers?) (?:yet|at all|today|right now|whatsoever)\b",
                r"(?:1|一)\s*[张張台块塊]\s*(?:卡|gpu|显卡|顯卡|服务器|伺服器)?\s*都没有",
                r"(?:1|一)\s*[张張台块塊]\s*(?:卡|gpu|显卡|顯卡|服务器|伺服器)?\s*都沒有",
                r"(?:没有|沒有)任何\s*(?:的)?\s*(?:gpu|卡|显卡|顯卡|服务器|伺服器|机器|機器|算力)"),
    "cpu_servers": _rx(r"(?:idle|spare|existing|unused|underused|underutili[sz]ed)\s+(?:\w+\s+){0,2}(?:cpu|xeon|epyc)?\s*(?:servers?|boxes|machines|nodes)",
                       r"cpu (?:servers?|boxes|nodes|machines) (?:we|that|which) (?:already )?(?:have|own|run)",
                       r"(?:have|own) (?:\w+\s+){0,2}cpu (?:servers?|boxes|nodes)",
                       r"閒置.{0,8}(?:cpu|伺服器|服務器)", r"闲置.{0,8}(?:cpu|服务器|伺服器)",
                       r"现有.{0,6}(?:cpu|服务器)", r"現有.{0,6}(?:cpu|伺服器)"),
    "npu_laptops": _rx(r"laptops? with (?:an? )?(?:npus?|ai accelerators?)", r"npu laptops?", r"copilot\+? ?pcs?",
                       r"\bai ?pcs?\b", r"(?:筆電|笔记本|筆記型電腦|笔记本电脑|电脑|電腦).{0,8}npu",
                       r"npu.{0,6}(?:筆電|笔记本|电脑|電腦)"),
    # "on our own gpus" is self-hosting (no rented or hosted API), not a claim to own them
    "gpu_workstations": _rx(r"(?:have|(?<!our )(?<!my )(?<!their )own|existing|spare|idle)\s+(?!(?:0|no|zero)\s)(?:\w+\s+){0,3}(?:gpu workstations?|gaming pcs?|\d090s|gpus)",
                            r"gpu workstations?", r"现有.{0,6}(?:gpu|显卡)", r"現有.{0,6}(?:gpu|顯卡)",
                            r"闲置.{0,6}(?:gpu|显卡)", r"閒置.{0,6}(?:gpu|顯卡)"),
    # A machine they own that a card is bought for ("drop a card into my workstation", "add a gpu to my desktop pc",
    # "我自己的工作站想插一张卡", "给我的台式机加一张显卡"): seed 1's "如果他們有帶 GPU 的桌機" case, the card goes into it
    # and no host is bought (`estimator.costing.hosts`); no device in it is owned for serving.
    "workstation_host": _rx(r"(?:into|in|to) my (?:own |existing |home )?(?:workstation|desktop(?: pc)?|pc|tower|rig)\b",
                            r"\bmy (?:own |existing )?(?:workstation|desktop(?: pc)?|tower|rig)\b[^.;!?]{0,24}\b(?:slot|card|gpu)",
                            r"(?:我|我们|家里)(?:自己)?的?\s*(?:工作站|台式机|台式电脑|桌机|桌上型电脑|电脑|主机)[^;；。!?！？]{0,20}?"
                            r"(?:插|装|加|换)[^,;，；。]{0,4}?(?:卡|显卡|gpu)",
                            r"(?:给|帮|替)(?:我|我们)(?:自己)?的?\s*(?:工作站|台式机|台式电脑|桌机|桌上型电脑|电脑|主机)\s*(?:加|装|插|换)",
                            # "自己的工作站有空槽", "a free slot in my desktop": a slot free in a desk-side machine they own
                            # (the card in it may be named between: "工作站，已经插了一张 4090，主机板还有一个空槽")
                            rf"(?:工作站|台式机|台式电脑|桌机|电脑)[^。；;]{{0,40}}?{_FREE_SLOT_ZH}",
                            rf"\b{_FREE_SLOT_EN}\s+(?:in|on)\s+(?:my|our)\s+(?:own\s+|existing\s+)?(?:workstation|desktop|pc|tower|rig)\b",
                            r"\b(?:workstation|desktop|pc|tower|rig)\b[^.;]{0,30}?\b" + _FREE_SLOT_EN),
    # A server they own that bought cards go into: a free slot in it ("现有一台 x86 服务器，有空的 PCIe 槽", "闲置的 2288H
    # V6，PCIe 槽都空着", "our R750 has two free x16 slots"), or the host said to be had ("机器有了", "the host is owned"): one
    # host server fewer to buy (`estimator.costing.hosts.owned_host_servers`); no device in it is owned for serving.
    "server_host": _rx(rf"(?:有|现有|已有|闲置|空闲)[^。；;]{{0,20}}?(?:服务器|伺服器|主机|server|[a-z]*\d{{3,4}}[a-z]*\s*v\d)[^。；;]{{0,24}}?{_FREE_SLOT_ZH}",
                       r"(?:服务器|伺服器|主机|机器|机箱)\s*(?:已经|早就|都)?\s*有了", r"(?:服务器|伺服器|主机|机器)\s*(?:是|都是)?\s*现成的",
                       # the server theirs ("our R750", "an existing box", "we have a server"), then its free slots
                       r"\b(?:our|my|existing|idle|spare|(?:we|i) (?:have|own|got) (?:an?|one|the))\s+(?:[\w-]+\s+){0,3}?"
                       rf"(?:server|box|host|chassis|poweredge|proliant|r[67]\d0|dl3[68]0)\b[^.;]{{0,40}}?\b{_FREE_SLOT_EN}",
                       rf"\b{_FREE_SLOT_EN}\s+(?:in|on)\s+(?:our|my|the|an?)\s+(?:existing\s+|idle\s+|spare\s+)?"
                       r"(?:server|box|host|chassis|poweredge|proliant)",
                       r"\bhost (?:server )?(?:is |are )?(?:already )?owned\b", r"\b(?:already )?(?:have|own|got) the (?:host|server|chassis)s?\b",
                       r"\b(?:host|server)s? (?:is|are) (?:already )?(?:there|in place|sorted|covered|paid for)\b"),
}

# Words that say a count is of people using the assistant right now, not of everyone who may ("only 40 are on
# it at the same moment", "90 of them are actually using it", "60 hammering it at any moment", "同时用的也就
# 20 个", "尖峰同時在用的大約 25 個", "高峰时大概 300 个在用"): beside a head count, that count is the peak.
ACTIVE_NOW = _rx(r"at (?:the same|any (?:given |one )?) ?(?:moment|time)", r"at once", r"simultaneous(?:ly)?", r"concurrent(?:ly)?",
                 r"\b(?:are |is )?(?:actually |really )?(?:using|on|hitting|hammering|in) (?:it|the (?:tool|assistant|bot|model|system))\b",
                 r"\bactive\b", r"\bat peak\b", r"\bpeak(?:s|ing)?\b", r"\bbusiest\b", r"\bonline\b", r"\blogged in\b",
                 "同时", "同時", "在用", "在线", "在線", "并发", "並發", "高峰", "尖峰", "峰值", "用的")
# Users spread over time zones: a head count peaks lower (estimator/advice/concurrency.py).
ACROSS_TIME_ZONES = _rx(r"across (?:several |multiple |many |all )?time ?zones", r"(?:in|over) (?:several |multiple |many |\d+ )time ?zones",
                        r"follow[- ]the[- ]sun", r"around the globe", r"worldwide", r"global (?:team|company|staff|workforce|rollout)",
                        r"time ?zones? (?:apart|spread)", "跨时区", "跨時區", "多个时区", "多個時區", "分布在全球", "分佈在全球",
                        "全球各地", "遍布全球", "遍佈全球")

# "Overnight" / "nightly" / "每晚" without a stated window: 22:00–06:00, eight hours. An assumption the
# echo states ("overnight: an 8 h window, assumed"); a stated window ("done in 6 hours") wins.
OVERNIGHT_WINDOW_HOURS = 8.0
OVERNIGHT = re.compile(r"\bovernight\b|\bnightly\b|\bevery night\b|\beach night\b|\bper night\b|\bduring the night\b|"
                       r"\bat night\b|"
                       r"每晚|每天晚上|每夜|夜间|夜間|夜里|夜裡|半夜|深夜|晚上跑|通宵|一夜之间|一夜之間|一个晚上|一個晚上")

# A job run over a weekend ("every weekend", "周六周日", "saturday and sunday"): its window is the two days, 48 h,
# when no other is said (text normalized: "周六" is "周6", "星期六" is "星期6").
WEEKEND_WINDOW_HOURS = 48.0
# Only a job said to run over it: "weekends off" or "even on weekends" say when people work, not a window.
WEEKEND = re.compile(r"\b(?:over|during|across|every|each|this|the) weekends?\b(?!\s+off)|\bweekend (?:batch|jobs?|runs?|window)\b|"
                     r"\bsat(?:urday)?s?\s*(?:and|&|\+|-|–|to|through|thru|/)\s*sun(?:day)?s?\b|"
                     r"每个?\s*(?:周末|週末)|(?:周末|週末)\s*(?:跑|处理|處理|期间|期間|两天|兩天|2\s*天|做完|跑完)|"
                     r"(?:周|週|星期|礼拜|禮拜)\s*6\s*(?:和|与|與|、|,|到|至|-|~|\+)?\s*(?:周|週|星期|礼拜|禮拜)?\s*(?:日|天|7)")

# An output that is one label, category or yes/no, with no length said: a class name and its end token,
# about five tokens (a sentiment or category name is 1-3 tokens in Llama and Qwen tokenizers). Only the
# word for what comes back makes it one ("只输出一个类别"; "1 个类别" counts categories, it is no length).
LABEL_OUTPUT_TOKENS = 5
LABEL_ONLY_OUTPUT = _rx(
    # (normalized text: "a single" and "one" are read as "1")
    r"\b(?:outputs?|answers?|returns?|responds? with|replies with|spits? out|gives? back)\s+(?:is\s+)?(?:just|only|simply)?\s*"
    r"(?:a |an |one |the |1 )?(?:single )?(?:[a-z]+[ -]){0,2}?(?:label|category|category name|class|tag|verdict|grade|yes/no|"
    r"yes or no)\b(?!\s*(?:of\s+)?\d)",
    r"\b(?:yes/no|yes-or-no|binary) (?:answer|output|label|verdict)s? only\b", r"\banswer (?:just |only )?yes or no\b",
    r"\b(?:just|only) (?:a |an |one |1 )(?:[a-z]+[ -]){0,2}?(?:label|category|class|tag)\b(?!\s*\d)",
    "(?:输出|回答|返回|回复|回)\\s*(?:就|只|只有|只要|仅|就是|仅仅)?\\s*(?:是)?\\s*(?:一个|1\\s*个)?\\s*(?:情感|情绪)?"
    "(?:标签|类别(?:名称)?|等级|分类结果|是或否|是否)",
    "(?:只|仅)\\s*(?:输出|返回|回答|回)\\s*(?:一个|1\\s*个)?\\s*(?:情感|情绪)?(?:标签|类别(?:名称)?|等级)",
)

# An answer said to be one line or one sentence, with no length said ("a one-line gist of each ticket", "a one-liner
# summary", "single-sentence answers", "一句话总结", "回答一句话就够", "一行重点摘要"): one sentence long
# (`estimator.physics.text_tokens`, unit "sentence"), never a line of code. Normalized text: "one" and "a single" are "1".
_ANSWER_NOUNS = (r"(?:gist|summar\w*|summry|answers?|repl(?:y|ies)|responses?|recaps?|descriptions?|explanations?|verdicts?|"
                 r"tl;?dr|overview|synopsis|takeaways?|headlines?|blurbs?)")
ONE_LINE_ANSWER = _rx(
    r"(?<![\d.,])1[- ]?liners?\b",
    rf"(?<![\d.,])1[- ]?(?:line|sentence)\s+(?:[a-z]+\s+)?{_ANSWER_NOUNS}\b",
    r"\b(?:answer|reply|respond|summari[sz]e|sum (?:it|them) up)\w*\s+in\s+(?:a\s+)?1\s+(?:line|sentence)\b",
    "1句话?(?:的)?(?:总结|摘要|概括|回答|回复|说明|结论|描述)", "1行(?:的)?(?:重点|摘要|总结|概括|结论)",
    "(?:回答|回复|答案|输出|总结|摘要|概括)\\s*(?:只要|只需|就|用|只)?\\s*1\\s*(?:句|行)(?!\\s*代码)",
    rf"\b{_ANSWER_NOUNS}\s+(?:should|must|need to|needs to|are|is|will|can)?\s*(?:be\s+)?(?:just\s+|only\s+|at most\s+|max\s+)?"
    r"1\s+(?:line|sentence)\b(?!\s+of\b)",
    # a verb that writes the answer, then its one sentence ("qwen2.5-vl writes 1 sentence each", "captions it in 1 short line")
    r"\b(?:writes?|writing|outputs?|gives?|returns?|produces?|generates?|captions?|describes?)\s+(?:(?:it|each|them)\s+in\s+)?"
    r"(?:just\s+|only\s+)?1\s+(?:short\s+)?(?:line|sentence)\b(?!\s+of\b)",
    # a verb of answering, then its one sentence ("看图回一句话", "每张图答一句", "給一句描述"; 一 is read 1)
    "(?:回|答|说|讲|给|写|吐)\\s*1\\s*句(?:话)?(?!\\s*代码)",
)
# The answer's own token count said beside it in brackets ("回一句话（~40 token）", "a one-liner (~30 tokens)"): that count.
ANSWER_TOKENS_BESIDE = _rx(r"\s*[(（]\s*(?:~|≈|about|around|约|大约|大概)?\s*(?P<num>\d{1,4})\s*(?:个)?\s*tokens?\s*(?:左右)?\s*[)）]")

# Texts a model reads, measured in the units people read them in ("transcripts average 3,000 words", "reports are ~1,500
# words", "每份合约约 8 千字", "逐字稿平均两万字", "每篇论文大概 1 万字"): the text is the prompt, converted at its unit's
# sourced ratio. Nouns written as output as often as read (reports, 纪要) count only when nothing in their clause before
# them generates them (`TEXT_GENERATED_BEFORE`: "we generate 2,000-word reports" is an answer).
READ_TEXT_NOUNS = (r"(?<![a-z])(?:transcripts?|reports?|papers?|articles?|e-?mails?|essays?|chapters?|manuscripts?|theses|thesis|"
                   r"briefs?|memos?|filings?|records?|notes|minutes|stories|posts?|letters?|submissions?|tickets?|threads?|"
                   r"contracts?|docs?|documents?|files?|pdfs?|cases?|complaints?|reviews?)(?![a-z])|"
                   r"转写稿|逐字稿|转录稿|稿件|稿子|论文|合约|合同|报告|研报|文章|邮件|工单|病历|卷宗|判决书|对话记录|聊天记录|通话记录|"
                   r"记录|纪录|纪要|笔录|信件|简历|帖子|评论|材料|资料|文书|条文|章节|文档|文件")
TEXT_GENERATED_BEFORE = _rx(r"\b(?:write|writes|writing|wrote|generat\w*|produc\w*|draft\w*|creat\w*|outputs?|returns?)\b",
                            "生成", "撰写", "写出", "产出", "输出", "起草", "返回")

# A feature the lead denies ("w/o rag", "no RAG and no tools", "we're not fine-tuning on this box", "thinking mode off",
# "rag-free", "不用 RAG", "不需要检索", "不做微调", "不开思考模式", "关掉深度思考"): the word is no request for it. The negator
# stands right before the feature word in its clause (one word may stand between: "no fancy RAG", "不需要做检索"), or a
# word of switching off right after it, ending its clause ("moving our assistant off the hosted api" denies nothing). Folded text (Simplified; "w/o" kept as typed).
FEATURE_DENIED_BEFORE = _rx(
    r"(?:\bno|\bnot|\bwithout|\bw/o|\bw/out|\bnever|\bzero|\bsans|\b(?:don'?t|do not|doesn'?t|does not|won'?t|will not|"
    r"aren'?t|are not|isn'?t|is not|we'?re not|not)\s+(?:need(?:ing)?|use|using|want(?:ing)?|do|doing|run|running|plan(?:ning)? "
    r"(?:to|on)|going to|have|having)(?:\s+to)?)\s+(?:any\s+|a\s+|an\s+|the\s+|for\s+)?(?:[a-z][a-z-]*\s+)?$",
    r"(?:不用|不需要|不要|无需|无须|不必|没有|没|不做|不开|不走|不搞|不带|不会|不打算|不考虑|关掉|关闭|关了|禁用|免)"
    r"\s*(?:做|用|开|开启|启用|走|搞|上|跑|接|加)?\s*(?:什么)?\s*$",
)
FEATURE_DENIED_AFTER = _rx(r"^(?:-free\b|\s+(?:mode\s+)?(?:off|disabled|turned off)(?=\s*(?:$|[,.;!?)]))|\s+(?:is\s+|are\s+)?not (?:needed|required|used|on)\b|"
                           r"\s+(?:isn'?t|aren'?t) (?:needed|required|on)\b)",
                           r"^\s*(?:模式)?\s*(?:不需要|不用|关掉|关闭|关了|不开|免了|就免了|先不要|先不用)")
# Training denied on the serving hardware ("not fine-tuning on this box", "不做微调", "不在这台上训练", "no training"):
# `mixed_training` False. Read before `MIXED_TRAINING`, whose words it contains.
_TRAIN_WORD = r"(?:train(?:ing)?|re-?train(?:ing)?|fine[- ]?tun(?:e|es|ing)|(?:q?lora )?fine[- ]?tunes?|q?lora training)"
MIXED_TRAINING_DENIED = _rx(
    rf"(?:\bno|\bnot|\bwithout|\bw/o|\bnever|\b(?:don'?t|do not|won'?t|will not|aren'?t|are not|we'?re not)\s+(?:be\s+)?"
    rf"(?:do(?:ing)?\s+(?:any\s+)?)?)\s*(?:any\s+)?{_TRAIN_WORD}\b",
    r"\b(?:inference|serving) only\b", r"\bonly (?:for )?(?:inference|serving)\b",
    r"(?:不用|不需要|不要|无需|不必|不做|不会|不打算|不在[^,，。;；]{0,8}?上?)\s*(?:做|跑|搞)?\s*(?:任何)?\s*(?:微调|训练|finetune|fine-?tune)",
    "纯推理", "只做推理", "只推理", "只跑推理", "只用来推理", "仅推理",
)

# A night word whose clause trains the model ("fine-tune nightly on the same box", "train LoRAs on it
# overnight") schedules training on the serving hardware (`mixed_training`), not a batch inference job:
# the verb of training, and no work over items beside it ("nightly we label data for training" is a job).
TRAINING_VERB = _rx(r"\b(?:train|retrain|fine[- ]?tune|finetune)s?\b", r"\b(?:training|fine[- ]?tuning|finetuning) "
                    r"(?:runs?|jobs?|rig|box|cluster|loras?|adapters?)\b", r"\btrain(?:ing)? (?:loras?|adapters?|models?)\b",
                    "(?<!为)(?<!为了)(?:训练|微调)(?!数据|集|语料|样本)")
ITEM_WORK = _rx(r"\b(?:classif|process|summari[sz]|label|tag|extract|translat|embed|score|categori[sz]|triag|"
                r"transcrib|redact)\w*", "处理|分类|摘要|总结|标注|翻译|抽取|提取|审核|打标签")
_CLAUSE_BREAK = re.compile(r"[,;.!?，；。！？]")


def about_training(text: str, start: int, end: int) -> bool:
    """Whether the words at text[start:end] sit in a clause about training the model on this hardware."""
    head = _CLAUSE_BREAK.split(text[max(0, start - 60):start])[-1]
    tail = _CLAUSE_BREAK.split(text[end:end + 60], maxsplit=1)[0]
    clause = head + text[start:end] + tail
    return bool(TRAINING_VERB.search(clause)) and not ITEM_WORK.search(clause)


def batch_words(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """`pattern`'s matches in `text` that are not a training schedule (`about_training`)."""
    return (m for m in pattern.finditer(text) if not about_training(text, m.start(), m.end()))


SEVERAL_MODELS = _rx(r"several models", r"multiple models", r"a few models", r"many models", r"several fine[- ]?tunes",
                     r"multiple fine[- ]?tunes", "多个模型", "多個模型", "几个模型", "幾個模型", "多模型", "多个微调模型",
                     "多個微調模型")
# The service runs all day ("24/7", "around the clock", "24 小时均匀跑", "全天 24 小時平均進來", "spread evenly over the
# day"): 24 hours a day. A bare "24 小时" is no such word when a window follows ("24 小时内跑完"): a word of going on
# (均匀, 不停, 都有) or the day (全天, 一天) must stand with it.
ROUND_THE_CLOCK_WORDS = (r"24\s*/\s*7", r"24x7", r"around the clock", r"round the clock", "全天候", r"7\s*x\s*24", r"7\s*/\s*24",
                         r"24\s*hours? a day", r"24\s*h(?:ours?|rs?)? (?:non[- ]?stop|straight|evenly|continuously)",
                         r"\b(?:evenly|uniformly|flat|steady) (?:over|across|through(?:out)?) the (?:whole |entire |full )?day\b",
                         r"\bspread (?:evenly )?(?:over|across) (?:the )?(?:whole |entire |full )?(?:day|24 ?h(?:ours?)?)\b",
                         r"24\s*(?:个)?\s*小时\s*(?:都有|都在|不停|不间断|运行|在线|均匀|平均|持续|连续|轮流|一直|满载|跑满)",
                         r"(?:全天|一天|每天)\s*24\s*(?:个)?\s*小时(?!\s*(?:内|以内|之内|完成|跑完|处理完))",
                         "24小时", "全天运行")
ROUND_THE_CLOCK = _rx(*ROUND_THE_CLOCK_WORDS)

# An amount of money said with a month ("每月大概 5000 块", "$5k a month", "一個月大概 10 萬台幣", "月費約 NT$15 萬"): money
# paid every month, never a purchase's budget. Beside a hosted API, a bill or a spend verb it is the API's spend
# (`bot.nlu.load._spend`, read first); with none of them it may as well be a rental budget: asked about.
PER_MONTH_BEFORE = _rx(r"(?:\bmonthly|\ba month|\bper month|\bevery month|\beach month|每个?月|1\s*个月|月均|月费)"
                       r"[^\d,;.!?，。；！？]{0,8}$")
PER_MONTH_AFTER = _rx(r"\s*(?:/\s*mo(?:nth)?\b|a month\b|per month\b|monthly\b|each month\b|every month\b|每个?月|/\s*月|1\s*个月)")

# "Business hours" / "上班时间" with no figure: the span an office's requests arrive in, 08:00 to 18:00 = 10 h. Office days
# start around 8 and stop around 4-5 p.m. in the US (CPS work-schedule supplements: "a sharp peak in starting time around
# 8 a.m.", Hedges, "Work schedules and the rush hour", Monthly Labor Review 98, 1975; BLS "Workers on flexible and shift
# schedules", May 2004, table 7: beginning and ending hours) and run 9:00-18:00 (8 h worked + the lunch hour) in mainland
# China and Taiwan; a team on both schedules sends requests from 8 to 18. The same 10 h is what a support desk's busiest
# hour is measured against (~20 % of its day, `estimator.advice.load.BUSY_HOUR_OVER_MEAN_HOUR`).
OFFICE_DAY_HOURS = 10.0
OFFICE_HOURS = _rx(r"\b(?:business|office|working|work) hours\b", "工作时间", "上班时间", "办公时间", "工作时段")

# One user at a time, said without a number ("单用户", "單一使用者", "single-user", "one user at a time" is a count).
# "单用户每秒起码 50 个 token" is per user: a speed or latency in the clause makes it a per-user figure, no count.
_PER_USER_FIGURE = r"(?![^,;，；。]*?(?:每秒|速度|tok|token|吞吐|延迟|首字|首 ?token|秒|ms))"
# Said in Chinese as who is on it at a time, no count word (the text is normalized first: 一个 reads 1个): "一次就一个老人在说话", "一次就处理一条", "一次一筆",
# "顾客在屏幕前一个一个问", "老師一個人在用", "就司机一个人用" (a head count before 一个人 is a different number: 十一个人).
_ONE_AT_A_TIME_ZH = (r"一次(?:就|只|也就|只有)?\s*(?:有)?\s*(?:一|1)\s*(?:个|位|名)[^，,。；;！!？?\d]{0,6}?(?:在)?(?:说话|讲话|用|使用|问|提问|对话)",
                     r"一次(?:就|只)?\s*(?:处理|跑|来|进|问|做)?\s*(?:一|1)\s*(?:条|笔|单|份|个请求|个任务)",
                     r"(?<![\d.])(?:一|1)\s*个\s*(?:接着?\s*)?(?:一|1)\s*个\s*(?:地)?\s*(?:问|来|用|处理|排队)",
                     r"(?<![十百千万两几每\d.])(?:一|1)\s*个人\s*(?:在)?\s*(?:用|使用)(?!\s*\d)")
ONE_USER_AT_A_TIME = _rx(r"\bsingle[- ]user\b(?! (?:speed|throughput|latency|decode|tok))", r"\bsingle[- ]seat\b",
                         *(word + _PER_USER_FIGURE for word in ("单用户", "单一用户", "单一使用者", "单个用户", "单人使用")),
                         *_ONE_AT_A_TIME_ZH)
# The user owns the hardware they name ("I already have a MacBook Pro with an M4", "我們已經有 Snapdragon X 筆電").
# "we got quoted 8x h200", "we've got a quote for an hgx box": a price offered, nothing owned (the device is asked about).
OWNERSHIP = _rx(r"\b(?:i|we)\s+(?:already\s+|only\s+|just\s+|still\s+)?(?:have|own|got|bought|grabbed|picked up|snagged)\b(?!\s+to\b)(?!\s+(?:been\s+)?(?:quoted|offered|pitched|a quote|quotes))",
                r"\balready (?:have|own|bought)\b",
                r"\bleft over\b",
                r"\b(?:i|we)'ve\s+(?:already\s+)?(?:got|bought)\b(?!\s+(?:been\s+)?(?:quoted|offered|pitched|a quote|quotes))", r"\b(?:we|i) have got\b", r"\bsitting idle\b",
                r"\bon hand\b", r"\blying around\b", r"\bspare\b", r"\bunused\b", r"\bour old\b",
                # idle kit said as what it is (not) doing: "2x RTX 3090 doing nothing", "a box gathering dust"
                r"\bdoing nothing\b", r"\bnot doing anything\b", r"\bgathering dust\b", r"\bsitting (?:around|there)\b",
                r"\bnot (?:being )?used\b", r"^\s*(?:have|got|own)\s+(?:an?|\d+(?:\s*[x×])?|two|three|four|some|our)\b",
                # kit said to be where the team keeps it: "there's a DGX box in the lab", "in our rack", "机房里有"
                r"\b(?:there(?:'s| is| are)|sitting|we keep)\b[^,.;]{0,60}\bin (?:the|our) (?:lab|office|rack|closet|server room|"
                r"data ?cent(?:er|re)|basement|colo)\b",
                # or in their machine ("there are 4 rtx 3090s in our server", "there's an L40S in my box")
                r"\bthere(?:'s| is| are)\b[^,.;]{0,60}\bin (?:our|my) (?:[a-z][\w-]*\s+)?(?:server|box|machine|workstation|rig|tower|"
                r"node|cluster|pc|desktop|homelab)s?\b",
                # or said first, then where it sits ("one A100 80GB in the rack.", "2x 3090 in my basement, want …")
                r"(?:^|[.;!?]\s*)(?:an?|one|\d+\s*x?|two|three|four|eight)\s+[^,;.?]{0,40}?\bin (?:the|our|my) (?:lab|office|rack|closet|"
                r"server room|data ?cent(?:er|re)|basement|colo|garage)\b",
                # a group of theirs that has it ("our lab has 4 3090s", "the team has two a100s", "my company has an 8x h100 node")
                r"\b(?:our|my|the) (?:lab|team|group|company|department|dept|org|office|startup|school|university|uni)\s+"
                r"(?:already\s+|currently\s+)?(?:has|owns|got)\b",
                "机房里有", "机房有", "实验室里有", "实验室有",
                # the kit they run on now, or where it sits, in the words leads use for their own setup ("single rtx 5090
                # here.", "the box under my desk has two 4090s", "our server: 2x L40S", "lab machine = 4x 3090", "currently
                # running 2x a6000", "we're on 2x rtx 6000 ada right now", "I've an M3 Max"); a device asked about stays
                # named ("would an h100 work here?": "here" before a question mark is not a place they keep it)
                r"^\s*(?:(?:a|an|one|single|just (?:a|one)|only (?:a|one)|\d+\s*x?|two|three|four)\s+)[^,;.?!]{0,40}?\bhere\s*(?:[.,;:!]|-|$)",
                r"\b(?:under|on|at|beside) (?:my|our) desks?\b",
                r"\b(?:our|my|the|lab|team|dev|office)\s+(?:lab\s+|team\s+|dev\s+|current\s+|existing\s+)?"
                r"(?:server|box|machine|rig|workstation|node|setup|cluster)s?\s*(?::|=|-{1,2}>?)",
                r"\b(?:currently|presently)\s+(?:running|using|on|serving (?:on|from))\b",
                r"\b(?:we'?re|we are|i'?m|i am)\s+(?:currently\s+)?(?:on|running on)\s+(?:an?\s+|one\s+|\d+\s*x?\s*|two\s+|four\s+|eight\s+)",
                r"\bi'?ve\s+(?:an?|one|two|\d+)\b",
                # the same in Chinese (Traditional folded): "实验室那台 4 张 3090 的机器", "组里那台双卡 4090 工作站", "我这边是一张
                # H100", "机房里放着 4 张 A100", "现在这台机器是 2 张 L40S", "单位配的 A100", "我们现在的服务器有两张 A100",
                # "家里一张 3090"
                "(?:实验室|研究室|课题组|工作室|组里|公司|部门|团队|家里|办公室|机房|我们|我)(?:的)?那(?:台|张|块|部)",
                "(?:我|我们|咱们)(?:这边|这儿|这里)(?:是|用的是|就是)",
                "(?:机房|实验室|办公室|柜子|机柜)里?(?:放着|躺着|搁着|摆着)",
                "(?:现在|目前)(?:这|那)台(?:机器|服务器|伺服器|工作站|主机|电脑)",
                "(?:单位|部门|学校|实验室|组里)配的",
                "(?:我们|我|公司|组里|团队)(?:现在|目前)的\\s*(?:机器|服务器|伺服器|主机|工作站|电脑)",
                "(?:家里|桌上|机房里|实验室里)(?:的)?\\s*\\d+\\s*(?:台|张|块|部)",
                # cards said to be inside their machine ("工作站里两张 3090", "服务器里面插着 4 张 L40S"); not a machine still
                # to buy ("新服务器里", "要买的服务器里")
                "(?<!新)(?<!买的)(?:工作站|服务器|机器|主机|电脑|机箱)里(?:面)?(?:有|插着|装着|是)?\\s*\\d+\\s*(?:张|块)",
                # kit said to be where the team is: "工作室有兩張 3090", "组里有 4 张卡", "公司现在有一台"
                "(?:公司|工作室|团队|组里|组内|部门|办公室|我们这|我这)(?:里)?(?:现在|目前|已经|还)?(?:只|就|就只|也就)?有(?!没有|多少|几|什么|人|\\d+\\s*(?:个|位|名)?人)",
                # a department by its name ("设计部有 3 台工作站", "研发中心有两台 DGX"): never its people ("法务部有 30 人")
                "[\u4e00-\u9fff]{1,3}(?:部|组|中心|实验室|研究室)(?:里|那边|这边|那台|这台)?(?:现在|目前|已经|还)?(?:只|就|就只)?有(?!没有|多少|几|什么|人|\\d+\\s*(?:个|位|名)?人)",
                # the speaker's own, with a word between ("我自己有一台 Mac Studio", "我们这边已经有", "我手头现在有"); never
                # people or a question ("我们有多少人", "我自己有没有")
                "(?:我|我们|咱们)(?:自己|这边|这儿|这里|手上|手头|家里)(?:已经|现在|目前|还|也)?(?:只|就|就只)?有(?!没有|多少|几|什么|人|\\d+\\s*(?:个|位|名)?人)",
                # the speaker's own said with no verb, the count straight after ("我自己一台 Mac Studio", "我手上自己一台 4090")
                "(?:我|我们|咱们)(?:自己|手上|手头|家里|现在|目前|这边)(?:自己)?(?:就|也|只)?\\s*\\d+\\s*(?:台|张|块)",
                # "只有一张 3090": all they have, said first in its clause (not what is buyable: "只有 H20 能买")
                "(?:^|[，。,;；:：])\\s*(?:目前|现在)?只有\\s*\\d+\\s*(?:张|台|块|个)(?![^,，。;；]*(?:能|可以)(?:买|购买|采购|拿到))",
                "吃灰", "没在用", "没有在用", "没怎么用", "空着", "闲着", "放着没用",
                # the same in Taiwan's spelling, which folding leaves as written ("現在空著", "一直閒著")
                "空著", "闲著", "放著没用",
                # only what they own may be used ("只能用手上这台", "只能靠我们那 3 张", "手上这台 HGX H200 就是全部了", "only what
                # we have", "make do with the 6 L40S we've got"): theirs (`NO_MORE_BUDGET` reads that nothing is bought)
                "手上(?:这|那)(?:台|张|块|部|些|几)", "手头(?:这|那)(?:台|张|块|部|些|几)", "手上的", "手头的",
                "只能(?:用|靠)\\s*(?:现有|手上|手头|已有|原有|自己|我们|咱们|公司|库存)", "只能靠",
                r"\bonly (?:use )?what (?:we|i) (?:have|own|'ve got|already have)\b", r"\bmake do with\b",
                r"\bstuck with (?:what|the|our)\b",
                # the machine in use now, said as what they are on or were issued: "我手上是 MacBook Air M2",
                # "家里有台 3090 的主机", "用公司配的 ThinkPad", "our team already runs an 8xH100 HGX for training"
                "手上是", "手头有", "手头是", "家里有", "家里那台", "办公室有", "公司配的", "公司发的", "配发的",
                "我用的是", "我现在用的", "目前用的是", "现在用的是", "(?:我们|我们现在|我们目前|公司|组里)(?:在)?用的(?:是)?",
                # kit said to be installed in their machine or rack ("工作站已经插了一张 4090", "服务器上装着两张 L20", "机柜里已经
                # 上架了 4 张 H20", "主机里面插著一张 3090", "an RTX A6000 plugged into our dev box", "two L40S are already
                # racked"): a verb of fitting in the past or lasting tense, never a plan ("想装", "will be installed")
                "(?:插|装|上架|安装|装配|配)(?:了|着|著|好了|上了|好)(?!\\s*(?:vllm|ollama|驱动|系统|软件|环境))",
                "已经(?:插|装|上架|安装)",
                r"(?<!to be )(?<!will be )(?<!be )(?<!get )\b(?:plugged|installed|slotted|racked|mounted|fitted)\s+(?:in|into|inside)\b",
                r"\balready (?:racked|installed|plugged in|in place|deployed|mounted)\b",
                r"\b(?:is|are) (?:already )?(?:racked|installed|plugged in|mounted)\b",
                r"\b(?:racked|installed|plugged in|mounted|in place) already\b",
                r"\bthe (?:box|server|machine|workstation|node|rig|tower|chassis) (?:already |currently |now )?(?:has|holds|carries)\b(?!\s+to\b)",
                # kit said to be in place already: "A100 x8 in the rack already", "already in our lab"
                r"\bin (?:the|our) (?:lab|office|rack|closet|server room|data ?cent(?:er|re)|basement|colo) already\b",
                r"\balready in (?:the|our) (?:lab|office|rack|closet|server room|data ?cent(?:er|re)|basement|colo)\b",
                r"\balready (?:runs?|running|uses?|using|operates?|operating)\b", r"\b(?:we|i) currently (?:run|use|have)\b",
                # given to them by their employer or a grant ("work gave me a macbook pro", "IT handed us
                # two L40S", "I was issued an M3 Max", "公司配了台 4090 的工作站", "资讯部拨给我们两张
                # L40S", "部门分到了一台 DGX Spark"): theirs now; never a budget or people given ("配了 2 个人", "批了预算")
                r"\b(?:gave|handed|issued|lent|loaned|assigned|allocated|provided|provisioned)\s+(?:me|us|our (?:team|group|lab))\b",
                r"\b(?:was|were|got|been|have been|'ve been)\s+(?:given|issued|handed|assigned|allocated|lent|loaned|provisioned)\b",
                "(?:公司|单位|部门|组里|团队|学校|实验室|领导|老板|it|信息部|资讯部|[\u4e00-\u9fff]{1,3}部)(?:那边|这边)?(?:给(?:我|我们|咱们|组里))?"
                r"(?:配了|发了|分了|拨了|批了|配发了|下发了)(?!\s*(?:预算|钱|经费|额度|\d+\s*(?:个|位|名)?人))",
                "(?:配|发|拨|分|分配)给(?:我|我们|咱们|组里)", r"(?:我|我们|咱们|组里|部门|团队)(?:这边)?(?:分到|领到)了?(?!\s*(?:预算|钱|经费|额度))",
                # bought earlier and kept: "去年买了两台 DGX Spark 一直放着", "we bought two sparks last year"
                "一直放着", "一直闲着", "放在那", "搁着",
                # a purchase told in the past tense by whoever made it, with the device's measure word ("公司买了一台 DGX Spark
                # 放在机房", "实验室采购了两张 A100"): theirs; money or people bought are not devices (台/张/块/部 count machines)
                "(?:公司|我们|我|组里|实验室|部门|团队|单位|学校)(?:已经|去年|之前|上个月|年初|刚)?(?:买了|采购了|购入了|入手了|购买了)"
                "\\s*(?:\\d+|一|两|二|三|四|五|六|七|八)?\\s*(?:台|张|块|部)", r"买了[^,，;；。想要]{0,12}(?:一直|放着|闲置|没用|在用)", "去年买", "之前买", "早就买",
                r"\b(?:we|i)\s+(?:already\s+)?(?:bought|purchased)\b[^,;.]{0,40}\b(?:last|ago|earlier|previously)\b",
                r"\bmy (?:own )?(?:laptop|desktop|mac|macbook|pc|workstation)\b", r"\bour (?:existing|current)\b",
                r"\bexisting\b", r"\bidle\b", "已经有", "已經有", "我有", "我们有", "我們有", "我只有", "我们只有", "我們只有", "手上只有", "现有", "現有", "手上有",
                "闲置", "閒置", "內建", "内置", "內置",
                # ready at hand ("现成有一台 4 卡 L20 的服务器", "机房里有台 8 卡 4090"): a machine in their own room is theirs;
                # never people or money there ("机房有 3 个人值班")
                "现成有", "現成有", "现成的", "現成的",
                r"(?:机房|機房|实验室|實驗室|办公室|辦公室)(?:里|裡|里面|裡面)?(?:现成|現成|本来|本來|已经|已經)?有(?!\s*\d*\s*(?:个|個|位|名)?人)"
                r"(?=\s*(?:\d+|一|两|兩|二|三|四|五|六|七|八)?\s*(?:台|张|張|块|塊|部))",
                # what their own machine holds now: "our box currently has two RTX 6000 Ada", "我们的服务器现在装了两张 L40S",
                # "部機而家有兩張 RTX 6000 Ada" (Cantonese: 部機 at a clause start is "the machine", theirs)
                # (or named by its model: "our R760 already has one L40S")
                r"\b(?:our|my) (?:[a-z][\w-]*\s+){0,2}?(?:box|server|machine|workstation|node|rig|tower|[a-z]+\d+[a-z\d-]*)\s+"
                r"(?:currently\s+|now\s+|already\s+)?(?:has|holds|runs|carries)\b",
                # "有台 Mac Studio 在辦公室", "有两张 3090 在机房": a machine said to be at their place
                r"(?:^|[，。,;；])\s*(?:还|也)?有\s*\d*\s*(?:台|张|块|部)[^，。,;；]{0,40}?在(?:办公室|机房|实验室|公司|家里|家|组里|手上|手边|柜子里)",
                r"(?:我们|我們|我哋|公司|组里|組裡|团队|團隊)(?:的|嘅)?\s*(?:机器|機器|服务器|伺服器|主机|主機|工作站|server|[a-z]+\d+[a-z\d-]*)"
                r"\s*(?:现在|而家|目前|已经|已經)?(?:有|装了|裝了|裝咗|插了|插咗)",
                r"(?:^|[，。,;；])\s*部機(?:而家|現在|目前)?(?:有|裝咗|裝了)",
                # what is at hand ("手邊只有一張 RTX 3090", "桌上有台 Mac mini"), and a clause that opens on having devices, its
                # subject left out as Chinese leaves it ("有两张 4090，想跑 Qwen2.5-72B", "有台 Mac Studio，够吗"): never people
                # (个/位/名 count them) or money
                "(?:手上|手头|手边|手里|身边|桌上|家里)(?:现在|目前|已经)?(?:只|就|还|也)?有(?!没有|多少|几|什么|人|\\d+\\s*(?:个|位|名)?人)",
                "(?:手上|手头|手边|手里)(?:现在|目前)?(?:只|就|还|也)?\\s*\\d+\\s*(?:台|张|块|部)",
                "(?:^|[,.;!?，。；:：])\\s*(?:现在|目前|我们|我|这边|公司)?(?:还|也|只|就)?有\\s*(?:\\d+\\s*)?(?:台|张|块|部)(?!\\s*(?:钱|预算))"
                "(?![^,，。;；]*(?:能|可以)(?:买|购买|采购|拿到))",
                # bought already, in the past tense ("实验室已经采购了一台 Jetson", "已購入兩張 A100", "前阵子买好了"); a plan to
                # buy ("准备采购", "想买") says no 已 and no 了
                "(?:已经|已|早就|之前就|前阵子就?|前段时间就?)(?:采购|购买|购入|买|入手|订|配|到货|部署|装)(?:了|好了|好|过)?(?!不|没)",
                r"\b(?:we|i)\s+(?:already\s+)?(?:got|bought|purchased|procured)\s+(?:an?|\d+|two|three|four|some)\b[^,;.]{0,60}"
                r"\b(?:last|this|ago|earlier|previously|back in)\b",
                # the machine said as theirs, then what it is ("我的 MacBook Pro 是 M4 Max 64GB", "我们的服务器是 4 卡 L40S",
                # "my laptop is an m2 air", "our box is a 2x 3090 rig")
                "(?:我|我们|咱们|公司|组里|团队)(?:自己|这边|现在|目前)?的\\s*(?:电脑|笔记本(?:电脑)?|笔电|主机|机器|服务器|工作站|显卡|卡|台式机|"
                "mac(?:book)?(?:\\s*(?:pro|air|mini|studio))?|pc|laptop|desktop|server|workstation)\\s*(?:是|用的是|配的是|装的是|配置是)",
                r"\b(?:my|our)\s+(?:own\s+|current\s+|work\s+|home\s+)?(?:laptop|desktop|mac|macbook(?: pro| air)?|pc|workstation|box|"
                r"server|machine|rig|computer|tower)\s+(?:is|has)\b",
                # the same with describing words or a machine it is built into ("our inference server is a single A100", "the
                # team's box is a 2x 4090 workstation", "my homelab has 2x 3090", "our delivery robot has a jetson"); never a
                # machine still to come ("our new server will", "our next box is going to be")
                r"\b(?:my|our|(?:the|our|my) (?:team|lab|group|company|department|office)'s)\s+(?:(?!(?:new|next|future|planned|target|ideal|dream|"
                r"proposed|upcoming)\b)[a-z][\w-]*\s+){0,2}?(?:laptop|desktop|pc|workstation|box|server|machine|rig|computer|tower|setup|"
                r"hardware|cluster|node|homelab|gpu|card|robot|drone|car|vehicle|kiosk|appliance|gateway)s?\s+(?:is|are|has|have|holds|carries|carry|"
                r"comes with|runs on)\b(?!\s+(?:going|gonna|to be)\b)",
                # the kit in place said as such ("current hardware: 2x L40S", "current setup is 4x 3090"), or tersely, the noun
                # opening its sentence ("rig: 2x 3090", "setup is 2x 3090 with nvlink")
                r"\b(?:current|present)\s+(?:hardware|setup|kit|gear|box|server|machine|rig|gpus?|cluster|infra(?:structure)?)\b",
                r"(?:^|[.;!?]\s*)(?:setup|rig|hardware|kit)\s*(?::|=|\bis\b|\bare\b)",
                # what they hold in other words: "we're sitting on 4 A100s", "the company already paid for two A100", "we've only
                # got the one L40S", "I run a dual 3090 rig", "I'm running a mac studio", a module "onboard"
                r"\bsitting on\b", r"\b(?:already|we|i|company|team)\s+(?:already\s+)?paid for\b",
                r"\b(?:i|we)'ve\s+(?:only|just|still)\s+got\b",
                r"\b(?:i|we)\s+(?:currently\s+)?run\s+(?:an?|one|a single|two|three|four|dual|quad|\d{1,3}\s*x?)\s",
                r"\b(?:i'?m|we'?re|i am|we are)\s+(?:currently\s+)?(?:running|using)\s+(?:an?|one|a single|two|dual|quad|\d{1,3}\s*x?)\s",
                r"\bon ?board\b",
                # lent or handed on to them: a machine they may use is theirs to size first (seed 1: owned kit costs only its
                # power): "他说可以借给我们组", "可以拿去用", "lent us", "said we can use it", "设计部淘汰下来一台工作站",
                # "inherited from the CAD team", "hand-me-down", "retired from training"
                "借(?:给|給)?(?:我|我们|我们组|我们团队|咱们)", "(?:可以|能|让我们|让我)(?:先)?(?:拿|借)(?:去|来|過去|过去)?(?:用|跑|试)",
                "(?:可以|能)(?:先)?给(?:我|我们)(?:组|团队)?(?:用|跑|试)",
                # assembled themselves ("自己攒了台双 3090 的机器"), left from earlier work ("之前训练剩下的 8 张 A100"), given to
                # them ("老板给了我们一台 8 卡 4090"; never money or people given), the machine opening its clause with what it is
                # ("机器是两张 4090", "服务器配置：4 张 3090"; not one still to buy: "新机器", "要买的机器")
                "攒了", "攒的", "剩下的", "剩下来的", "留下来的", "多出来的",
                "(?:给|送)了?(?:我|我们|咱们|组里)(?=\\s*(?:\\d+|一|两)?\\s*(?:台|张|块|部))",
                "(?:^|[，。,;；:：])\\s*(?:现在|目前)?(?:这台|那台)?\\s*(?:机器|服务器|工作站|主机|电脑|设备|硬件)(?:配置)?\\s*(?:是|为|:|：)",
                "淘汰下来", "淘汰的", "换下来的", "退下来的", "退役的", "(?:基本|平时|平常|平日|一般)(?:都)?(?:不用|没人用|很少用)(?=\\s*(?:$|[,.;!?，。]|的时候|它|了))", "没人用",
                r"\b(?:lent|lends?|loan(?:ed|s)?)\s+(?:us|me|it|them)\b", r"\b(?:let|lets|letting)\s+(?:us|me)\s+(?:use|borrow|have)\b",
                r"\b(?:said|says)\s+(?:we|i)\s+(?:can|could|may)\s+(?:use|borrow|have)\b", r"\bborrow(?:ed|ing)?\b",
                r"\binherit(?:ed|ing)?\b", r"\bhand(?:ed)?[- ](?:me[- ])?down\b", r"\b(?:retired|decommissioned|freed[- ]up)\b",
                r"\b(?:stopped|quit|no longer)\s+using\b", r"\bno longer (?:used|needed|in use)\b",
                # kit already fitted where it works ("无人机上已经装了 Jetson", "AMR 车上已经是 Orin", "robots already carry
                # orin nano kits"), left from earlier work ("a DGX left from our old training runs"), or idle in other words
                "已经装了", "已经装有", "已经装的是", "(?:上|里)(?:面)?已经是", r"\balready (?:carr(?:y|ies)|ships? with|comes? with)\b",
                r"\bleft (?:over )?from\b", r"\bsits? (?:idle|free|unused|around)\b", r"\bfree most of the (?:day|time|week)\b",
                # what runs on it today ("we run qwen2.5-72b awq on a single h100 pcie today"), not a plan ("if we run it on
                # 4 l40s", "can we run it on a 5090?")
                r"(?<!\bif )(?<!\bcan )(?<!\bcould )(?<!\bwould )(?<!\bshould )(?<!\bto )\b(?:we|i)\s+(?:currently\s+|already\s+|now\s+)?"
                r"(?:run|serve|host)\s+(?!(?:[^,;.!?]|(?<=\d)\.(?=\d)){0,60}?\b(?:want|plan|would|need)\b)(?:[^,;.!?]|(?<=\d)\.(?=\d)){0,60}?\bon\b")
# People whose machine the lead may use, said right before it ("my manager's M3 Ultra", "老闆那台 Mac Studio", "同事他那台
# Mac mini", "隔壁組同事那台 5090"): a machine lent is theirs to use (seed 1: owned kit costs only its power). Read on
# folded text (Simplified).
LENDERS_EN = ("boss", "manager", "colleague", "coworker", "co-worker", "teammate", "lead", "cto", "ceo", "director",
              "advisor", "supervisor", "professor", "prof", "pi", "friend", "cofounder", "co-founder", "dad", "brother")
LENDERS_ZH = ("老板", "同事", "主管", "经理", "领导", "上司", "导师", "老师", "组长", "师兄", "师姐", "朋友", "隔壁组", "他", "她")

# Hardware said to fall short at the load it carries now ("our 2x L40S are getting slow with 120 users", "can't keep
# up", "4张4090 高峰时卡得不行", "扛不住"): running, so theirs, and an observation the estimate must not overrule.
OWNED_FALLS_SHORT = _rx(r"\b(?:getting|got|gets|is|are|was|were|too|really|very|so|painfully|super|way too|pretty|quite)\s+slow\b",
                        r"\bslow(?:s|ing|ed)? (?:down|to a crawl)\b", r"\bsluggish\b", r"\bstruggl(?:e|es|ed|ing)\b",
                        r"\b(?:can'?t|cannot|can not|doesn'?t|don'?t|isn'?t|aren'?t|not) keep(?:ing)? up\b", r"\bcrawl(?:s|ing)?\b",
                        r"\bchok(?:e|es|ed|ing)\b", r"\bbog(?:s|ged|ging)? down\b", r"\bwent to (?:hell|shit)\b",
                        r"\bthrough the roof\b", r"\btim(?:es|ing) out\b", r"\bfalling over\b", r"\blagg(?:y|ing)\b",
                        r"\bunusabl[ey]\b", r"\bmaxed out\b", r"\bbuckl(?:e|es|ing)\b", r"\bmelt(?:s|ing)? down\b",
                        "卡得不行", "卡的不行", "很卡", "好卡", "太卡", "卡卡的", "卡顿", "卡頓", "变慢", "很慢", "太慢", "好慢", "慢到不行",
                        "慢得不行", "越来越慢", "扛不住", "撑不住", "顶不住", "吃不消", "跟不上", "带不动", "跑不动", "延迟爆", "延迟很高",
                        "hold不住", "不够用了", "排队严重", "经常超时", "老是超时")

# A purchase offered as the alternative to what was just named ("is the A100 fine or do we need to buy something bigger?",
# "2x L40S enough, or do we have to buy new gpus?", "两张 4090 够吗？还是得买新的", "不够再买", "要不要另外买"): a purchase
# that is only needed if the devices named fall short presupposes that those devices are theirs. A choice between two
# purchases ("should we buy 2 L40S or 1 H100?") keeps its buying verb before each device and is not read so.
BUY_INSTEAD = _rx(r"\bor (?:do|would|will|should|must)?\s*(?:we|i)?\s*(?:really\s+|actually\s+)?(?:need|have|got)\s+to\s+"
                  r"(?:buy|get|purchase|order|budget for|file|upgrade)\b",
                  r"\bor (?:do|should|would|must)?\s*(?:we|i)?\s*(?:buy|get|purchase|order)\s+(?:more|new|another|additional|extra|"
                  r"something|a new|bigger|better)\b",
                  r"\bor (?:should|do) (?:we|i) (?:file|put in|submit|raise) (?:a|an) (?:purchase|procurement|po)\b",
                  r"\bdo (?:we|i) (?:even |really |actually )?need to (?:buy|get|purchase) (?:anything|more|new|something|another|extra)\b",
                  r"\bor (?:is it )?time to (?:buy|upgrade)\b", r"\bor (?:do (?:we|i) )?(?:need to |have to )?upgrade\b",
                  "还是(?:得|要|需要|必须|应该)?(?:再|另外|重新|额外|加)(?:买|采购|购买|添|配)",
                  "还是(?:得|要|需要|必须|应该)(?:买|采购|购买)", "还是(?:得|要|需要)?(?:买|采购|换)新",
                  "不够(?:的话)?(?:就|再)?(?:再|就)?(?:买|采购|加)", "(?:要不要|需不需要|需要|要|得)(?:再|另外|额外|加)(?:买|采购|购买|添)",
                  "另外买", "另外購", "加买", "加購")

# Words naming each risk of the checklist (DESIGN.md risk ids), to answer "explain the power risk".
RISK_WORDS: dict[str, re.Pattern[str]] = {
    "dynamic_shapes": _rx(r"dynamic", r"shapes?", r"variable[- ]length", "动态", "動態", "变长", "變長"),
    "multi_model": _rx(r"multi[- ]?model", r"several models", r"multiple models", "多模型", "多个模型", "多個模型"),
    "software_maturity": _rx(r"software", r"maturity", r"stack", r"ecosystem", "软件", "軟體", "成熟"),
    "quantization_calibration": _rx(r"quanti[sz]", r"calibrat", "量化", "校准", "校準"),
    "memory_bandwidth": _rx(r"bandwidth", r"memory", "带宽", "頻寬", "帶寬", "内存", "記憶體", "显存", "顯存"),
    "power_cooling": _rx(r"power", r"cooling", r"heat", r"thermal", "功耗", "电力", "電力", "散热", "散熱", "冷却", "冷卻"),
    "tail_latency": _rx(r"tail", r"latency", r"p99", r"p999", "延迟", "延遲", "长尾", "長尾"),
    "vendor_lock_in": _rx(r"lock[- ]?in", r"vendor", "锁定", "鎖定", "厂商", "廠商"),
    "capacity_headroom": _rx(r"capacity", r"headroom", r"overload", "容量", "余量", "餘量", "过载", "過載"),
    "supply": _rx(r"supply", r"availability", r"lead time", r"shortage", "供货", "供貨", "缺货", "缺貨"),
}

CORRECTION = _rx(r"^(?:no|nope|sorry|oops|actually|wait|correction|rather|make (?:that|it))\b", r"\bi meant?\b",
                 r"\bno wait\b", r"\boops\b", r"\bsorry\b", r"[,.;] ?no[,.! ]",
                 r"\bactually\b", r"\bnot \d", r"\binstead of\b", "不对", "不對", "不是", "其实", "其實", "更正",
                 "应该是", "應該是", "我是说", "我是說", "改成", "改为", "改為", "说错", "說錯")

# The words that name users and budget (the additions below; factors are `relative.py`).
_WHO = r"(?:users|people|load|traffic|headcount|demand|concurrency)"
_WHO_ZH = "(?:用户|用戶|使用者|人数|人數|人|流量|并发|並發)"
_BUDGET = r"(?:budget|spend(?:ing)?|capex)"
_BUDGET_ZH = "(?:预算|預算)"


# An addition to the head count in force: "50 more users", "users grow by 50", "再加30人", "多了100个用户"
# ("增加到 80 人" is a new figure, not an addition: no 到 after the verb).
MORE_USERS = _rx(rf"(?<![\d.])(?P<n>\d+)\s+(?:more|extra|additional|new)\s+(?:{_WHO}|persons?|staff|employees|seats)\b",
                 rf"{_WHO}\s+(?:grows?|increases?|goes up|rises?)\s+by\s+(?P<n2>\d+)(?!\s*%|\d)",
                 rf"(?:再加|多加|再多|多了|多出|增加了|增加(?!到)|新增|加上)\s*(?P<n3>\d+)\s*(?:个|個|位|名)?\s*{_WHO_ZH}")
# Another model beside the one(s) served: "add a second model", "another model", "two more models", "再加一个模型",
# "如果再加第二個模型呢". An ordinal names the count in all (`ord`); otherwise the count is added (`n`, one when unsaid).
_ORDINALS = r"(?:second|2nd|third|3rd|fourth|4th)"
MORE_MODELS = _rx(rf"\b(?:a |the )?(?P<ord>{_ORDINALS})\s+(?:\w+\s+)?(?:models?|llms?)\b",
                  r"\b(?:another|one more|an extra|an additional)\s+(?:\w+\s+)?(?:models?|llms?)\b",
                  r"(?<![\d.])(?P<n>\d+)\s+(?:more|extra|additional)\s+(?:\w+\s+)?(?:models|llms)\b",
                  rf"\badd(?:ing|ed)?\s+(?:a|an|one)\s+(?!{_ORDINALS})(?:\w+\s+)?(?:models?|llms?)\b",
                  r"\badd(?:ing|ed)?\s+(?P<n2>\d+)\s+(?:\w+\s+)?(?:models|llms)\b",
                  r"第\s*(?P<ord2>\d+)\s*(?:个|種|种)\s*模型",
                  r"(?:再加|多加|另加|新增|增加|加上|再上|再部署|再跑|多跑|多部署)(?!\s*(?:到|第))\s*(?P<n3>\d+)?\s*(?:个|種|种|套)?\s*(?:\S{0,6}?)模型")
_ORDINAL_VALUE = {"second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}


def models_added(m: re.Match[str]) -> tuple[str, int]:
    """("set", n) when an ordinal names the count in all, ("add", n) when n more are added."""
    groups = {k: v for k, v in m.groupdict().items() if v is not None}
    if "ord" in groups:
        return "set", _ORDINAL_VALUE[groups["ord"]]
    if "ord2" in groups:
        return "set", int(groups["ord2"])
    return "add", int(next((v for k, v in groups.items() if k in ("n", "n2", "n3")), 1))


# More devices of the one in question: "2 more l40s", "buy two more", "another 4", "再买两张" (a count of
# anything else, "50 more users" or "2 more hours", is not a device count).
_NOT_DEVICES = (r"(?!\s*(?:%|k\b|percent|users?|people|ppl|persons?|staff|employees|seats|engineers|analysts|agents|"
                r"tokens?|requests?|docs?|documents?|items?|tickets?|files?|hours?|h\b|minutes?|days?|weeks?|months?|years?|"
                r"models?|teams?|languages?|times?))")
MORE_DEVICES = _rx(rf"(?<![\d.])(?P<n>\d+)\s+more\b{_NOT_DEVICES}", rf"\banother\s+(?P<n2>\d+)\b{_NOT_DEVICES}",
                   r"(?:再|多|另外)(?:买|買|加|添|上|购|購)?\s*(?P<n3>\d+)\s*(?:张|張|块|塊|台|片|颗|顆|卡)")

# A weight format the lead rules out ("refuses 4-bit", "no int4", "不接受 INT4", "int4 is not acceptable", "4bit 不行"):
# the cue right before the format (same clause) or right after it. A floor ("cannot go below 8-bit", "不低于 8bit")
# names the format it keeps, so the words between cue and format must not say "below".
FORMAT_REJECTED_BEFORE = _rx(
    r"(?<![a-z])(?:no|not|never|without|refuses?|refused|won'?t|can'?t|cannot|avoid|"
    r"(?:don'?t|do not|doesn'?t|does not) (?:want|use|run|go with|quanti[sz]e(?: it)? (?:to|into))|"
    r"anything but|other than|against|(?:burned|burnt|bitten) by|bad (?:experience|results?) with)(?![a-z])[^,;.!?\d]{0,16}$",
    r"(?:不要|不接受|不能用|不用|拒绝|别用?|避免|不考虑|不准用?|不允许|禁止|不想用?|不能接受)[^,;.!?\d]{0,6}$")
FORMAT_REJECTED_AFTER = _rx(
    r"^\s*(?:quants?|quantization|weights?)?\s*(?:is|are)?\s*(?:not acceptable|unacceptable|not allowed|a no-go|no-go|"
    r"off the table|not an option|out of the question|(?:is|are)n'?t acceptable)",
    # its quality said to fall short ("4-bit quality isn't good enough for legal", "q4 is too lossy", "int4 hurts accuracy")
    r"^\s*(?:quants?|quantization|weights?)?\s*(?:quality|accuracy|output)?\s*(?:is|are|was|were)?\s*(?:isn'?t|is not|aren'?t|"
    r"are not|wasn'?t|weren'?t|not)\s+good enough",
    r"^\s*(?:quants?|quantization)?\s*(?:is|are|was|were)?\s*too lossy", r"^\s*(?:quants?|quantization)?\s*(?:hurts|degrades|kills|wrecks|"
    r"ruins|tanks)\s+(?:the\s+)?(?:quality|accuracy|answers|output)",
    r"^\s*(?:量化)?\s*(?:不行|不可以|不能接受|不考虑|不接受|不允许|免谈|不能用|不要)",
    # its quality said to fall short ("4bit 效果太差，不考虑", "int4 精度掉太多")
    r"^\s*(?:量化)?\s*(?:的)?\s*(?:效果|质量|精度|品质|准确率)\s*(?:太差|不够|不行|不好|很差|掉太多|掉得太多|损失太大|下降太多)")
# A weight format being replaced ("fp8 instead of q4", "switch from int4 to fp8", "把 INT4 换成 FP8", "用 FP8 代替 INT4"):
# the old value of a follow-up's change, neither chosen nor ruled out (a switch is no refusal, so no accuracy need).
FORMAT_REPLACED_BEFORE = _rx(r"\b(?:instead of|rather than|in place of|replacing|(?:switch|switching|move|moving|go|going|"
                             r"upgrade|upgrading|change|changing)\s+(?:\w+\s+)?from|from)\s*$",
                             r"(?:而不是|而非|代替|取代|替代|替换|替换掉|不再用|从)\s*$")
FORMAT_REPLACED_AFTER = _rx(r"^\s*(?:->|→|=>)", r"^\s*(?:quants?|weights?)?\s*to\s+(?=(?:fp|bf|int|mxfp|nvfp|q\d|w\d|\d+[- ]?bits?\b))",
                            r"^\s*(?:换成|改成|改为|换为|换到|改到|切到|切换到|升级到|升到|变成)")
# Vague counts of people: their ends are more than 2x apart ("几十个" is 10 to 90), so the count is asked about, naming
# what was said, never guessed (issue "read any workload", G). Each word with the range it spans (text is normalized:
# lower case, Simplified Chinese; normalize.py keeps 几 / 数 with their unit as words).
VAGUE_COUNTS: dict[str, tuple[str, int, int]] = {
    "tens": (r"(?:好|十)?(?:几|数)十(?:来)?|\btens of|\bdozens(?: and dozens)? of|\ba few dozen\b|\bseveral dozen\b", 10, 90),
    "hundreds": (r"(?:好)?(?:几|数)百(?:来)?|\bhundreds of|\ba few hundred\b|\bseveral hundred\b", 100, 900),
    "thousands": (r"(?:好)?(?:几|数)千|\bthousands of|\ba few thousand\b|\bseveral thousand\b", 1000, 9000),
    "ten_thousands": (r"(?:好)?(?:几|数)万|\btens of thousands of\b", 10_000, 90_000),
}
# A vague count counts people when a person noun or measure word follows it (a few words may stand between:
# "dozens of analysts", "几十个人", "幾十個工程師"); "几十页" or "hundreds of documents" counts no one.
VAGUE_PEOPLE_AFTER = (r"\s*(?:个|位|名)?\s*(?:[\u4e00-\u9fff]{0,3}?(?:人|员|员工|同事|用户|客服|工程师|研究员|分析师|律师|坐席|学生|医生))"
                      r"|\s+(?:\w+\s+){0,2}?(?:people|persons|users|folks|analysts|engineers|devs|developers|agents|employees|staff|"
                      r"researchers|lawyers|students|doctors|nurses|reps|ppl|seats|sessions|clients|customers)\b")
VAGUE_COUNT = re.compile("|".join(f"(?P<{kind}>(?:{words})(?={VAGUE_PEOPLE_AFTER}))"
                                  for kind, (words, _low, _high) in VAGUE_COUNTS.items()))

FORMAT_FLOOR = _rx(r"(?<![a-z])(?:below|under|lower than|less than)(?![a-z])", "低于", "以下", "少于")

# A budget of power, not money: "15kW power budget", "电力预算", "功率预算" (the words, or a power figure, right
# before the budget word). The figure after such a budget is no amount of dollars ("15kW power budget? ~50
# concurrent": the 50 is the sessions).
POWER_BEFORE_BUDGET = _rx(r"(?:\bpower|\belectrical|\belectric|\benergy|\bthermal|\d\s*(?:kw|w|watts?|kilowatts?))\s*$",
                          r"(?:电力|功率|电源|供电|用电|功耗|\d\s*(?:千瓦|瓦))\s*(?:的)?\s*$")
# Nothing more may be spent ("no more budget this year", "说不能再加预算了", "預算不能再加了", "沒有額外預算"): with no
# amount stated the purchase budget is zero (the lead runs what is owned or nothing); a stated amount stays the cap
# ("$30k approved and can't get any more budget"). "No budget limit" is the opposite and is not matched.
NO_MORE_BUDGET = _rx(r"\bno (?:more|extra|additional|further) (?:budget|money|funds?|funding|capex)\b",
                     r"\b(?:can'?t|cannot|can not|won'?t|will not|unable to) (?:get|add|spend|ask for|raise|find|increase)"
                     r" (?:any )?(?:more|extra|additional|further) (?:budget|money|funds?|funding|capex)\b",
                     r"\bbudget(?: is| has been|'s)? (?:already )?(?:spent|gone|exhausted|used up|maxed out|tapped out)\b",
                     r"\bnot (?:a|one) (?:single )?(?:cent|penny|dime|dollar) more\b", r"\bzero budget\b",
                     "不能再加预算", "不能再追加预算", "不能再增加预算", "不会再(?:批|给|加)预算", "不再(?:批|给|加)预算",
                     r"预算\s*(?:(?:一|1)\s*分\s*(?:钱)?\s*)?(?:都|也)?\s*不能再(?:加|追加|增加)",
                     r"(?:一|1)\s*分\s*(?:钱)?\s*(?:都|也)\s*不能再(?:加|花|多花)",
                     "没有(?:额外|多余|更多|新增)的?预算", "没有预算了", "预算(?:已经)?(?:用完|花完|花光|耗尽|没了)",
                     "不能再花钱",
                     # Nothing may be bought at all, said of the purchase rather than the money ("we can't buy anything, only
                     # what we have", "procurement is frozen", "no new hardware this year", "不能再买", "不会再买新卡", "預算凍結，
                     # 不能採購"): the lead runs what is owned. Not a rule naming what may be bought ("can't buy anything else",
                     # "不能再买 H100"): that is `named_only` (ONLY_BUYABLE), read elsewhere.
                     r"\b(?:can'?t|cannot|can not|won'?t|will not|may not|not allowed to|unable to) (?:buy|purchase|order|procure|get)"
                     r" (?:anything|any (?:new )?(?:hardware|gpus?|cards?|servers?|machines?|boxes))\b"
                     r"(?!\s*(?:else|other|but|except|besides|apart|beyond|more than))",
                     r"\bno (?:new )?(?:purchases?|purchasing|procurement|new (?:hardware|gpus?|cards?|servers?|machines?|boxes))\b"
                     r"(?! (?:limit|cap|restriction))",
                     r"\b(?:procurement|purchasing|buying)(?: is| has been|'s)? (?:frozen|on hold|closed|paused|blocked)\b",
                     r"\b(?:hardware|purchasing|procurement|capex|budget|spending) freeze\b", r"\bmake do with\b",
                     r"(?:不能|不可以|不准|不允许|没法|无法|不会|不再)\s*(?:再)?\s*(?:买|购买|采购|添置|添购|购置)"
                     r"(?:新(?:的)?(?:卡|显卡|设备|机器|硬件|服务器)?|任何(?:东西|设备|硬件)?)?(?=\s*(?:了|啦)?\s*(?:[,，。.;；!！]|$))",
                     r"(?:预算|采购)(?:已经|已)?\s*冻结", r"冻结(?:了)?\s*(?:预算|采购)")
# A count of people who use it every day ("約 500 位行員日常使用", "300 位同仁每天都會用", "250 engineers use it
# every day"; read with `match` at the count's end): the span is a day, so it is everyone who uses it, a head count, never that many at once.
DAILY_USE_AFTER = _rx(r"\s*(?:[a-z'-]+\s+){0,3}?(?:use|uses|using|on|log (?:in|on)|logs? (?:in|on)|hit|hits|hitting)\b"
                      r"(?:\s+(?:it|this|the \w+))?\s+(?:daily|every ?day|each day|every workday|day to day|day-to-day)\b",
                      r"\s*(?:多|余)?\s*(?:个|位|名)?\s*[\u4e00-\u9fff]{0,5}?(?:日常|每天|每日|天天)\s*(?:都|也)?\s*(?:会|在)?\s*(?:使用|用)")

__all__ = [
    "BUY_INSTEAD",
    "DAILY_USE_AFTER",
    "FREE_SLOTS_COUNT",
    "SERVER_FORM_GPUS",
    "SERVER_OF_CARDS",
    "LENDERS_EN",
    "LENDERS_ZH",
    "NO_MORE_BUDGET",
    "POWER_BEFORE_BUDGET",
    "AGENTIC_SESSIONS",
    "VAGUE_COUNT",
    "VAGUE_COUNTS",
    "FORMAT_FLOOR",
    "FORMAT_REJECTED_AFTER",
    "FORMAT_REPLACED_AFTER",
    "FORMAT_REPLACED_BEFORE",
    "FORMAT_REJECTED_BEFORE",
    "CHOICE_BETWEEN",
    "MIGRATION_TARGET",
    "OWNED_FALLS_SHORT",
    "MODEL_CHOICE",
    "MODEL_EITHER",
    "MODEL_CHOICE_JOINED",
    "MODEL_EACH",
    "CONTEXT_HEAVY_WORK",
    "LENGTH_NOUNS",
    "LENGTH_OF_ALL_MODELS",
    "LENGTH_REACH_AFTER",
    "LENGTH_REACH_WORDS",
    "LENGTH_USUAL_AFTER",
    "LENGTH_USUAL_WORDS",
    "WHOLE_INPUT_WORDS",
    "CONTEXT_FLOOR_WORDS",
    "CONTEXT_MAX_WORDS",
    "DEVICE_WORDS",
    "MODEL_FAMILIES",
    "MODEL_VERSION",
    "THINKING_WORDS",
    "REQUEST_CLASS_WORDS",
    "REASONING_MODEL_WORDS",
    "REASONING_OFF",
    "TYPICAL_WORDS",
    "ACCURACY_CRITICAL",
    "ACROSS_TIME_ZONES",
    "APPROX",
    "ARRIVAL_WORDS",
    "ITEM_WORK",
    "LABEL_ONLY_OUTPUT",
    "ONE_LINE_ANSWER",
    "FEATURE_DENIED_AFTER",
    "FEATURE_DENIED_BEFORE",
    "MIXED_TRAINING_DENIED",
    "READ_TEXT_NOUNS",
    "TEXT_GENERATED_BEFORE",
    "LABEL_OUTPUT_TOKENS",
    "TRAINING_VERB",
    "about_training",
    "batch_words",
    "CORRECTION",
    "DYNAMIC_SHAPES_NO",
    "DYNAMIC_SHAPES_YES",
    "EXISTING_HARDWARE",
    "MIXED_TRAINING",
    "SPACE_LIMITED",
    "MULTIPLIERS",
    "NUM",
    "ONE_USER_AT_A_TIME",
    "ANSWER_TOKENS_BESIDE",
    "OVERNIGHT",
    "models_added",
    "OFFICE_DAY_HOURS",
    "OFFICE_HOURS",
    "OFFLINE_JOB_ZH",
    "OVERNIGHT_WINDOW_HOURS",
    "PER_MONTH_AFTER",
    "PER_MONTH_BEFORE",
    "WEEKEND",
    "WEEKEND_WINDOW_HOURS",
    "OWNERSHIP",
    "MORE_DEVICES",
    "MORE_MODELS",
    "MORE_USERS",
    "RISK_WORDS",
    "ROUND_THE_CLOCK",
    "LAPTOP_EACH",
    "DEVICE_EACH",
    "GROUP_NOUNS_EN",
    "GROUP_NOUNS_ZH",
    "DEVICE_SPEC",
    "DEVICE_COUNT_AFTER",
    "SCALE_WORDS",
    "SEVERAL_MODELS",
    "STABILITY_WORDS",
]


# --- lengths as leads mean them (a context for coding / RAG / document work is the typical prompt) ---
# Work whose stated context is what each request carries, not only the largest one it may reach.
CONTEXT_HEAVY_WORK = _rx(r"\bcod(?:e|ing)\b", r"\bagents?\b", r"\bagentic\b", r"\brag\b", r"\bdocs?\b", r"\bdocuments?\b",
                         r"\brepos?\b", r"\brepositor", r"\bcontracts?\b", r"\bcopilot\b", r"\bcursor\b", r"\bsummari[sz]",
                         r"\bpdfs?\b", r"\breports?\b", r"\bfilings?\b", r"\btranscripts?\b", r"\bmanuals?\b",
                         "代码", "代碼", "程式", "文档", "文檔", "文件", "仓库", "倉庫", "合同", "合約", "检索", "檢索",
                         "卷宗", "案卷", "档案", "檔案", "报告", "報告", "论文", "論文", "手册", "手冊")
# Coding agents and assistants: a session's context grows turn by turn toward the window (each request re-sends
# the session so far), so a window said alone is no request's typical length (`advice.assume`).
AGENTIC_SESSIONS = _rx(r"\bcod(?:e|ing)\b", r"\bagents?\b", r"\bagentic\b", r"\bcopilot\b", r"\bcursor\b",
                       r"\brepos?\b", r"\brepositor", r"\bprogramming\b", "代码", "代碼", "程式", "编程", "仓库", "倉庫",
                       "智能体", "智能體")
# Every request carries the whole input ("读整个仓库", "the whole codebase", "paste repo chunks", "整份合同"): a bare
# context stated beside these words is what each request holds, not only the window it may grow to.
WHOLE_INPUT_WORDS = _rx(r"\b(?:whole|entire|full|complete)\s+(?:repo|repository|codebase|code ?base|project|document|doc|"
                        r"contract|file|book|report|transcript|case file)s?\b", r"\bpast(?:e|ing)\b",
                        r"(?:整个|整份|整本|整套|全部|完整的?)\s*(?:仓库|代码库|代码|项目|文档|文件|合同|卷宗|报告|书)",
                        "粘贴", "贴进", "贴上")
# A stated maximum ("up to 128k", "最长128k", "max context 32k"): the context window, not the typical prompt.
# "上下文 8k 以内", "context within 8k", "不超过 32k": a ceiling, the most one request may hold, not the typical prompt
# "上下文能到 1 万多", "context can reach 10k+": how far a request can go, the window too
CONTEXT_MAX_WORDS = (r"(?:up to|upto|max(?:imum)?|at most|as long as|limit|within|no more than|can (?:reach|hit|go (?:up )?to|get (?:up )?to)|"
                     r"最长|最長|最多|最大|上限|以内|以內|之内|之內|不超过|不超過|能到|可以到|可达|长达)")
# A length figure said after another, with only a word for how often or how far ("mostly 2k context, longest 16k",
# "docs average 20k, biggest ones ~90k", "一般输入4k左右，偶尔会到16k", "最长的10万", "worst case 8k"): the words
# that make it the longest request (the maximum context) or the usual one (the typical prompt). Text is
# normalized (lower case, Simplified Chinese) before matching.
LENGTH_REACH_WORDS = (r"(?:up to|upto|max(?:imum)?|at most|as long as|limit|longest(?: ones?)?|biggest(?: ones?)?|largest(?: ones?)?|"
                      r"worst[- ]case|peaks? at|can (?:reach|hit|go to|get to)|(?:some (?:\w+ )?)?(?:hits?|reach(?:es)?)|"
                      r"(?:but )?(?:sometimes|occasionally|at times)(?: up to| hits?| reach(?:es)?)?|"
                      # how often it gets there ("often hits 128k", "regularly reaches 150k"): still its reach
                      r"(?:often|frequently|regularly|routinely|commonly)\s+(?:hits?|reach(?:es)?|gets? (?:up )?to|goes? (?:up )?to)|"
                      r"p9\d(?:\.\d+)?|tail(?: up to)?|a few (?:go|reach|hit)(?: up to)?|"
                      r"最长的?|最多|最大|上限|长达|可达|有时候?(?:会)?(?:到|有|达到)?|偶尔(?:会)?(?:到|有|达到|长达)?|"
                      r"少数(?:会|能)?(?:到|有|达到|长达)?|极端(?:情况)?(?:下)?(?:会)?(?:到)?|"
                      # "经常顶到 128k", "常常冲到 100k", "动不动就到 64k": how often a length reaches its top
                      r"(?:经常|常常|时常|往往|动不动)(?:就)?(?:会)?(?:顶到|冲到|飙到|达到|涨到|到|上)?|顶到|冲到|飙到)")
LENGTH_USUAL_WORDS = (r"(?:usually|typically|on average|avg(?: prompt)?|average|mostly|normally|median|(?:more )?like|"
                      r"typical \w+ (?:are|is)(?: like| about| around)?|"
                      r"p50|mean|most (?:of them|requests|prompts)?(?: are)?|"
                      r"平均(?:只有|才|是|在|也就是?|就)?|一般(?:是|在)?|通常(?:是|在)?|大多数?(?:是|在)?|大部分(?:是|在)?|多半|实际平均)")
# Said after the figure ("16k typical, 128k max context", "20k avg context, 128k peak").
LENGTH_REACH_AFTER = r"(?:max(?:imum)?|peak|worst[- ]case|at most|tops|at the (?:extreme|most)|p9\d(?:\.\d+)?)(?![a-z])"
LENGTH_USUAL_AFTER = r"(?:typical(?:ly)?|avg|average|on average|median|p50|mean|normally|usually|most of the time)(?![a-z])"
# A length's noun may stand between those words and the figure ("mean prompt 3k", "最长的请求 50k", "平均输入 5k").
LENGTH_NOUNS = r"(?:prompts?|inputs?|requests?|contexts?|ctx|queries|query|docs?|documents?|输入|请求|上下文|提示|文档)"
# A typical figure ("~40k", "usually 50-60k", "平均3万", "大概6万"): what a request carries most of the time.
# A qualifier of precision ("~", "about", "左右", "大概") says how exact the figure is, not which figure it is: "上下文 32k
# 左右" is the same window as "上下文 32k" (a senior reads both alike), so approximation words are no typical words.
TYPICAL_WORDS = _rx(r"\busually\b", r"\btypical(?:ly)?\b",
                    r"\baverage\b", r"\bavg\b", r"\bmostly\b", r"\bnormally\b", r"\bcontexts\b",
                    # where the requests' contexts sit, said of them all ("context 大概都在 16k 上下"), as "contexts" is
                    "平均", "一般", "通常", "大多", "多半", "大部分", "都在")
# The class of work the requests are (`estimator.advice.request_shape`): a length the lead does not state is the class's
# sourced one. First match wins, the most specific class first (a code completion before a coding agent, any named
# work before plain chat). Text is normalized (lower case, Simplified Chinese) before matching.
_CODE_NOUNS = r"(?:cod(?:e|ing)|repos?|repositor(?:y|ies)|codebases?|devs?|developers?|engineers?|programming|swe)"
REQUEST_CLASS_WORDS: dict[str, re.Pattern[str]] = {
    "code_completion": _rx(r"\bauto[- ]?complet", r"\btab[- ]?complet", r"\bcode[- ]complet", r"\bfill[- ]in[- ]the[- ]middle\b",
                           r"\bfim\b", "代码补全", "程式码补全", "自动补全", r"tab\s*补全"),
    "coding_agent": _rx(r"\bcod(?:e|ing)[- ]agents?\b", r"\bagentic[- ]cod", r"\bclaude[- ]code\b", r"\bcursor\b", r"\bcline\b",
                        r"\baider\b", r"\bopenhands\b", r"\broo[- ]?code\b", r"\bkilo[- ]?code\b", r"\bwindsurf\b",
                        r"\bswe[- ]agent\b", r"\bcodex\b",
                        # more terminal and IDE agents leads name by the tool (each loops on tool results, as above)
                        r"\bopencode\b", r"\bgoose\b", r"\bgemini[- ]cli\b", r"\bqwen[- ]code\b",
                        r"\bcontinue\.dev\b", r"\btrae\b", r"\bcodebuddy\b", r"\baugment code\b", "通义灵码", r"\blingma\b",
                        rf"\bagent(?:ic|s)?\b[^.;!?\n]{{0,40}}\b{_CODE_NOUNS}\b", rf"\b{_CODE_NOUNS}\b[^.;!?\n]{{0,40}}\bagent(?:ic|s)?\b",
                        # leads write "agent" in Latin letters inside Chinese as often as 智能体
                        "代码智能体", "编程智能体", r"(?:代码|编程|程式|研发|仓库)[^。；！？\n]{0,20}(?:智能体|agents?\b)",
                        r"(?:智能体|agents?\b)[^。；！？\n]{0,20}(?:代码|编程|程式|仓库|研发)"),
    "rag": _rx(r"\brag\b", r"\bretrieval[- ]augmented", r"\bretriev(?:al|ed|es|ing)\b",
               r"\bchat(?:ting)? (?:with|over) (?:our |the |your )?(?:docs|documents|wiki|knowledge ?base|handbook|manuals?)",
               r"\bknowledge[- ]?base\b", "检索增强", "检索", "知识库", "文档问答"),
    # A meeting's or a call's transcript read for its minutes or summary (before summaries and extraction: the
    # transcript, not a document, is the prompt). 通话 alone may be live voice traffic ("200 路通话"): only with a
    # transcript, a recording or a summary of it.
    "meeting_transcript": _rx(r"\bmeeting (?:transcripts?|minutes|notes|recordings?|recaps?|summar\w*)",
                              r"\bmeetings?\b[^.;!?\n]{0,60}\b(?:transcri\w*|minutes|recaps?|summar\w*|action items?)",
                              r"\b(?:transcri\w*|record(?:ed|ings?)?)\b[^.;!?\n]{0,60}\bmeetings?\b",
                              # (not 会议记录: notes people wrote, as often tidied by hand as transcribed)
                              "会议纪要", r"会议[^。；！？\n]{0,20}(?:转写|纪要|录音|逐字稿)",
                              r"(?:转写|逐字稿|录音)[^。；！？\n]{0,20}会议"),
    "call_transcript": _rx(r"\bcall (?:transcripts?|recordings?|recaps?|summar\w*)", r"\bcalls?\b[^.;!?\n]{0,60}\btranscri\w*",
                           r"\btranscri\w*\b[^.;!?\n]{0,60}\bcalls?\b",
                           r"(?:通话|电话|录音)[^。；！？\n]{0,20}(?:转写|转成文字|逐字稿|小结|摘要|总结|质检)",
                           r"(?:转写|逐字稿)[^。；！？\n]{0,20}(?:通话|电话)"),
    "summarization": _rx(r"\bsummar(?:y|ies|i[sz]e[sd]?|i[sz]ing|i[sz]ation)\b", r"\btl;?dr\b", "摘要", "总结", "纪要"),
    # not "classified" (a classified site is a secret one) nor a bare "label" (white-label, a label printer)
    "classification": _rx(r"\bclassif(?:y|ies|ying|ication|ications|iers?)\b", r"\bcategori[sz](?:e|es|ing|ation)\b",
                          r"\blabell?ing\b", r"\bextract(?:s|ion|ing)?\b", r"\bsentiment\b",
                          r"\bintent (?:detection|classif)", r"\btagg(?:ing|ed)\b",
                          r"\btag\b(?=[^.;!?\n]{0,40}\b(?:into|buckets?|categories|classes|labels?)\b)",
                          r"\bbucket(?:s|ing|ed)?\b(?=[^.;!?\n]{0,60}\b(?:categories|classes|labels?)\b)",
                          "分类", "打标签", "打标", "标签", "抽取", "抽字段", "提取字段", "情感分析", "情感分类", "意图识别"),
    "chat": _rx(r"\bchat(?:bot|gpt|s)?\b", r"\bassistant\b", r"\bconversations?\b", "聊天", "对话", "问答", "客服"),
}
# The length of each meeting or call whose transcript is read ("mostly 30-60 min", "calls are usually 30-45 min",
# "每场 1 小时左右", "平均 50 分钟"): minutes of talk, not a latency (`Workload.transcript_minutes`).
SPOKEN_NOUNS = r"(?:meetings?|calls?|recordings?|conversations?|会议|会|通话|电话|录音|场|通)"
# (never a window to finish in: "6 小时内跑完", "done within 6 hours" is the job's, not a call's length)
SPOKEN_UNIT = (r"(?P<unit>min(?:ute)?s?|hours?|hrs?|h|分钟|分|小时|个小时|个钟头|钟头)(?![a-z])"
               r"(?!\s*(?:内|以内|之内|跑完|完成|处理完|做完|搞定))")
SPOKEN_RANGE_END = r"(?:\s*(?:-|–|~|to|至|到)\s*(?P<num2>\d+(?:\.\d+)?))?"
# A reasoning model: its thinking is generated before the answer, so an unstated answer is the class's thinking-and-answer
# length (`Workload.reasoning_model`). "推理" alone is inference ("推理服务器"), so only 推理模型 counts.
REASONING_MODEL_WORDS = _rx(r"\breasoning[- ](?:model|models|mode|llm)s?\b", r"\bthinking[- ](?:mode|model|models|tokens?|on)\b",
                            r"-thinking\b", r"(?<![a-z0-9])r1(?![a-z0-9])", r"\bqwq\b", r"\bo1[- ]style\b",
                            # a reasoning effort said ("reasoning effort high", "reasoning_effort=medium", "reasoning 开
                            # high"): gpt-oss and o-series models think at low / medium / high effort
                            r"\breasoning[ _-]effort\b",
                            r"\breasoning\s*(?:=|:|开|设为|设成|设|调到|开到|set to|at|on)?\s*(?:high|medium|low)\b",
                            "推理强度", "思考强度",
                            "推理模型", "思考模式", "深度思考", "思维链", "思考过程", "思考很长", "思考比较长", "长思考")
# Thinking switched off by name ("no thinking", "non-thinking mode", "/no_think", "不思考", "关闭思考"): no reasoning model,
# whatever model is named (Qwen3 serves both modes).
REASONING_OFF = _rx(r"\bno[- ]thinking\b", r"\bnon[- ]thinking\b", r"/no_think\b", r"\bthinking (?:disabled|off)\b",
                    r"\bwithout thinking\b", "不思考", "关闭思考", "关掉思考", "不开思考", "非思考模式", "不要思考")
# Reasoning models' thinking: tokens generated before the answer, so output tokens (seed 2: decode-bound).
THINKING_WORDS = r"(?:thinking|reasoning|chain[- ]of[- ]thought|cot|思考过程|思考過程|思考|思维链|思維鏈|推理过程|推理過程)"
# Device model numbers that are no model size and no count ("昇腾 910B", "H20", "L20", "4090D", "5090D V2", "Atlas 800I A2",
# "MLU370-X8", "寒武纪 590", "海光 K100-AI", "昆仑芯 P800"),
# whether or not the catalog lists the device yet: their spans are kept from the size and count readers.
DEVICE_WORDS = _rx(r"(?:ascend|atlas|昇腾|昇騰)\s*\d{3}[a-z]?\d?(?:\s*[a-z]{1,2}\d)?", r"(?<![a-z0-9])9[1-9]0[a-c](?![a-z0-9])",
                   r"(?<![a-z0-9])310[pb](?![a-z0-9])", r"(?<![a-z0-9])800i\s*a[23](?![a-z0-9])",
                   r"(?<![a-z0-9])[hl]20(?![a-z0-9])", r"(?<![a-z0-9])[ah]800(?![a-z0-9])", r"(?<![a-z0-9])[45]090\s*d(?:\s*v2)?(?![a-z0-9])",
                   # China's domestic accelerators by model number, whether or not the catalog lists them: Cambricon's MLU /
                   # 思元 cards ("MLU370-X8", "寒武纪 590", "思元590"), Hygon's DCUs ("海光 K100-AI", "K100_AI", "BW1000") and
                   # Kunlunxin's XPUs ("昆仑芯 P800", "R200"): "590" or "800" there is no head count and no model size
                   r"(?<![a-z0-9])mlu\s*-?\s*[1-9]\d0(?:\s*-?\s*[a-z]\d{1,2}[a-z]?)?(?![a-z0-9])",
                   r"(?:寒武纪|思元)\s*[1-9]\d0(?![a-z0-9])",
                   r"(?<![a-z0-9])k100(?:\s*[-_]?\s*ai)?(?![a-z0-9])", r"(?<![a-z0-9])bw\d{3,4}(?![a-z0-9])",
                   r"(?:海光|hygon)\s*(?:dcu)?\s*[zkb]\w?\d{3,4}", r"(?:昆仑芯?|kunlun(?:xin)?)\s*(?:xpu)?\s*[prm]\d{2,3}",
                   r"(?<![a-z0-9])p800(?![a-z0-9])")
# A device's own specification said right after its name: memory ("a100 40g", "4090（24G）", "48g 显存"), form factor
# ("sxm4", "(sxm 的)", "pcie"), edition words and a power rating ("(300 w)"). Read with the device as one span before any
# load number, so a number of the device's spec is never a head count, a length or a budget ("A100 40G" is no 40 people).
DEVICE_SPEC_ITEM = (r"\d+(?:\.\d+)?\s*(?:gb|gib|g|tb)(?![a-z])(?:\s*(?:显存|顯存|vram|memory|mem|hbm\d?e?|gddr\d?x?|版))?|"
                    r"sxm\d?|pcie(?:\s*\d(?:\.0)?)?|nvl|max-q|blackwell|ada|workstation|server|"
                    r"edition|版本?|的")
DEVICE_SPEC = re.compile(rf"(?:[\s/-]*[(（]?\s*(?:{DEVICE_SPEC_ITEM})(?:\s*[)）])?|\s*[(（]\s*\d+(?:\.\d+)?\s*w\s*[)）])*")
# A count said right after a device and its spec ("a100 40g x8", "A100 40G，8 卡 SXM 的"): how many of it.
DEVICE_COUNT_AFTER = re.compile(rf"(?:{DEVICE_SPEC.pattern})\s*(?:[x*×]\s*(?P<n>\d{{1,4}})(?![\d.])|[,，]?\s*(?P<m>\d{{1,4}})\s*"
                                r"(?:卡|张卡|張卡|x\b|(?:张|張|块|塊)\s*(?:卡|gpu)?)(?![a-z\u4e00-\u9fff]*(?:人|用户|并发)))")
# Server forms named before their GPU, with the GPUs one such server holds (data, not a sentence pattern): a DGX system
# is eight GPUs by definition (DGX A100 / H100 / H200 / B200: docs.nvidia.com/dgx, "8x NVIDIA … GPUs"); an HGX
# baseboard named as a server is the 8-GPU board OEM servers carry (HGX H100 / H200 also come as a 4-GPU board, read
# only when said: "HGX H100 4-GPU"; HGX B200 / B300 are 8-GPU only: nvidia.com/en-us/data-center/hgx; the China-market
# H20 ships on the 8-GPU HGX board). "DGX Spark" / "DGX Station" are devices of their own, matched as such.
SERVER_FORM_GPUS: dict[str, int] = {"dgx": 8, "hgx": 8}
# A server said in cards with its GPU named after it ("一台8卡服务器，卡是 H20", "a 4-GPU node with L40S in it", "8 卡伺服器，
# 裝的是 L20"): the GPU's count is the server's cards (× the servers). Read on folded, normalized text.
SERVER_OF_CARDS = re.compile(r"(?<![a-z0-9.])(?:(?P<servers>\d{1,3})\s*(?:台|个|部|x)?\s*)?(?P<cards>\d{1,2})\s*(?:-\s*)?"
                             r"(?:卡|张卡|gpus?|cards?|way)\s*(?:的\s*)?(?:gpu\s*)?"
                             r"(?:服务器|伺服器|服務器|机器|主机|机箱|节点|servers?|nodes?|box(?:es)?|machines?|systems?|chassis|hosts?)")
# Open-model families leads name; a name of one the catalog does not know is asked about (`bot.nlu.models`).
MODEL_FAMILIES = (r"llama|qwen|mistral|mixtral|ministral|gemma|phi|deepseek|gpt-oss|glm|kimi|yi|falcon|command[- ]?r|"
                  r"granite|olmo|nemotron|minimax|ernie|hunyuan|internlm|baichuan|chatglm|codestral|devstral|jamba")
# A model's version or generation number ("Llama 3.3", "qwen2.5", "gemma 3", "phi-4", "GLM-4.6", "deepseek v3.2",
# "kimi k2", "mistral small 3.1"): part of the name, never a count, a length or a load. The size that
# follows ("70b") is not part of it: a number followed by b is the model's size, read as such. (Hosted models,
# "gpt-4o", "claude 3.5 sonnet", are read whole by the API-model reader, `bot.nlu.load`.)
MODEL_VERSION = re.compile(
    rf"(?<![a-z0-9])(?:{MODEL_FAMILIES})"
    r"(?:[- ]?(?:small|medium|large|mini|coder|code|math|vl|next|air|scout|maverick|instruct|chat))?[- .]?"
    r"(?P<version>[vkrmo]?\d+(?:\.\d+)?)(?!\d|\.\d|\s*b(?![a-z])|\s*-?\s*(?:b|billion)\b)")
# A migration names the model to size after these words ("moving from a 32B to a 70B", "从32B换成70B",
# "replacing our 8b with a 70b", "today X, moving to Y"): what comes before is the model they leave.
MIGRATION_TARGET = _rx(r"\bfrom\b[^.;!?]{1,60}?\b(?:to|into)\b",
                       r"\b(?:mov(?:e|ing)|switch(?:ing)?|migrat(?:e|ing)|upgrad(?:e|ing)|transition(?:ing)?|go(?:ing)?|"
                       r"chang(?:e|ing)|jump(?:ing)?)\s+(?:over\s+|up\s+)?to\b",
                       r"\breplac(?:e|ing)\b[^.;!?]{1,60}?\bwith\b",
                       "换成", "換成", "迁移到", "遷移到", "升级到", "升級到", "升级成", "升級成", "切换到", "切換到", "改用", "换到", "換到",
                       "迁到", "遷到")
# Two models weighed in one question ("32B or 70B?", "Qwen3-32B vs Llama 3.3 70B", "用14B还是32B", "gemma 27b 或
# qwen 32b"): the words that join them. "And" joins two options only beside a word that asks for each
# ("between a 14b and a 32b", "X 和 Y 各需要什么", "分別要什麼"), else it lists models served together.
# The lead says either model will do ("qwen3 32b or gemma 3 27b, whichever", "Qwen3-32B 或者 GLM-4.5-Air 都行"):
# indifferent between the options, so the reply is for the one cheaper to serve (`model_choice`).
MODEL_EITHER = _rx(r"\bwhichever\s*(?:is (?:fine|ok|okay)\s*)?(?:[,.;!)]|$)",  # not "whichever runs on 2 cards"
                   r"\beither (?:one |is |works|would|will)", r"\bany of (?:them|those|these)\b",
                   r"\b(?:doesn'?t|does not|don'?t) (?:really )?matter\b", r"\bno (?:strong )?preference\b",
                   "都行", "都可以", "都可", "均可", "哪个都", "随便哪个", "无所谓")
MODEL_CHOICE = _rx(r"\bor\b", r"\bvs\.?(?![a-z])", r"\bversus\b", r"\bcompared (?:to|with)\b", r"\bagainst\b",
                   "还是", "或者", "或是", "或", "对比", "比起", "相比", "/")
# A second model said as a fallback or a nice-to-have beside the one chosen ("Qwen3-1.7B（4B 也行）", "a 7B (13B would be
# nice)", "an 8b, or a 70b if the budget stretches", "打算跑 70B，不行的话 32B 也可以", "8B，或 3B 也行"): the first is the model
# the lead means to run and the one sized (seed 1: size what is said first as the choice), the other only a remark. In
# brackets right after the first, after a word of falling back, or after "or" with a word that makes it optional.
MODEL_FALLBACK_BRACKET = re.compile(r"\s*(?:的)?\s*[(（]\s*(?:or|或者|或是|或|maybe|也许|大概)?\s*(?:an? |the )?")
MODEL_FALLBACK_LEAD = _rx(r"\bif not\b", r"\botherwise\b", r"\bfailing that\b", r"\bas a fallback\b", r"\bfall(?:ing)? back to\b",
                          "不行的话", "实在不行", "不行就", "不然", "否则", "退而求其次", "退一步")
MODEL_FALLBACK_AFTER = _rx(r"^[^,;.!?，；。！？]{0,6}?(?:也行|也可以|也能接受|也可|也ok|也好|更好|更理想|也不错)",
                           r"^\s*(?:would be (?:nice|great|better|ideal)|if (?:it fits|the budget|budget|we can|possible|there'?s room|money)|"
                           r"works too|is fine too|also (?:fine|ok|works)|at a push|as a fallback|ideally|at a pinch|if needed)")
# A smaller model said as the draft of speculative decoding beside the one served ("llama 3.2 1b as a draft model",
# "a qwen3-1.7b draft (spec decoding)", "拿 0.5B 做投机解码", "当草稿模型"): it proposes tokens the served model checks, so
# the served model is the one sized and the draft a remark (`model_choice.read_beside_draft`). "Drafts replies" is
# writing, not a draft model: the English noun only.
MODEL_DRAFT = _rx(r"\bas (?:an? |the |its |our )?draft\b", r"\bdraft (?:model|llm|head)s?\b", r"(?<=b) draft\b",
                  r"\bspec(?:ulative)?[- ]?(?:decoding|decode|sampling)\b", r"\bspec[- ]dec\b",
                  "草稿", "投机解码", "推测解码", "投机采样", "推测采样", "投机推理")
MODEL_CHOICE_JOINED = _rx(r"\band\b", "和", "跟", "与", "及")
MODEL_EACH = _rx(r"\bbetween\b", r"\beach\b", r"\bboth\b", r"\bcompare\b", r"\bdelta\b", r"\bdifference\b",
                 "各", "分别", "哪个", "哪一个", "比较", "差多少", "区别", "差别")
# Models served together, not weighed ("can one L40S serve both our 8B and 14B?", "one H100 for both X and Y?", "keep qwen3
# 14b and 8b loaded together", "一张 4090 能不能同时跑 X 和 Y", "两个模型都要常驻", "同一张卡放 X 跟 Y"): with one of these, "and" /
# "和" / "跟" lists the models resident at once, and their memory and load add up (`model_choice.read_models_together`).
# (numbers are digits by now: 同一 reads 同1, 一张 reads 1张)
MODELS_TOGETHER = _rx(r"\b(?:serve|serving|run|running|host|hosting|hold|fit|load|keep|put|deploy|carry|handle)s?\s+(?:\w+\s+){0,2}?both\b",
                      r"\bfor both\b", r"\bboth\b[^.?!]{0,60}\b(?:on|in|into) (?:one|a single|the same|1|a) (?:card|gpu|box|machine|server|node)\b",
                      r"\bboth\b[^.?!]{0,20}\b(?:up|loaded|resident|running|live|hosted|served)\b",
                      r"\b(?:loaded|up|running|resident|hosted|served|deployed|live|sit)\s+(?:together|at the same time|at once|"
                      r"simultaneously|side by side)\b",
                      r"\b(?:serve|run|host|put|load|deploy)\s+[^.?!]{1,60}?\b(?:side by side|together|alongside|on the same (?:card|gpu|box))\b",
                      r"\bon the same (?:card|gpu|box|machine|server|node)\b", r"\balongside\b",
                      "同时(?:跑|部署|挂|放|提供|运行|上线|加载|服务|起|开)", "一起(?:跑|上线|部署|放|挂|加载|运行)", "常驻",
                      "同[一1]\\s*(?:张|块|台|个)\\s*(?:卡|gpu|显卡|机器|服务器)", "(?:两|2)\\s*个\\s*(?:模型)?\\s*都要",
                      "放(?:在)?\\s*(?:一|1)\\s*(?:张|块|台)")
# The load said of each model served together ("~10 users each", "6 people on each", "各自大概 5 个人用", "各 10 个人", "每个模型
# 8 个人"): the models' loads add up.
EACH_MODEL_AFTER = _rx(r"\s*(?:(?:concurrent|simultaneous|active)\s+)?(?:users?|people|ppl|persons?|seats?|streams?)?\s*"
                       r"(?:each|apiece|per model|on each(?: one| model| of them)?|for each(?: one| model)?|on either)\b")
EACH_MODEL_BEFORE = _rx(r"(?:各自?|每个模型|每个都|每1个模型)\s*(?:都)?\s*(?:大概|大约|约|差不多)?\s*$")
# A length said of every model served ("上下文都在 8k 内", "both see ~2k prompts", "answers ~300 for all of them"): the
# models' own, not the nearest one's (`served_models.read_served_models`).
LENGTH_OF_ALL_MODELS = _rx("都", "均为", "均在", "全部", "一律", r"\bboth\b", r"\ball of them\b", r"\ball (?:the )?models\b",
                           r"\bfor all\b", r"\bacross the board\b", r"\bevery model\b")
MODELS_TOGETHER_JOINED = _rx(r"\band\b", r"\bplus\b", r"\balongside\b", r"\bwith\b", r"\+", "和", "跟", "与", "及", "加上?", "还有", "以及")
# Two values joined as a choice ("FP8 or INT4?", "q4 vs q8", "FP8还是INT4"): options to weigh, not a conflict.
CHOICE_BETWEEN = re.compile(r"^\s*(?:,\s*)?(?:or|vs\.?|versus|还是|還是|或者|或是|或|/|，还是|，還是)\s*$")


# Embedders and rerankers served beside a model that chats ("bge-m3 for embeddings", "Qwen3-Reranker-4B"): their weights
# in billions of parameters (each model card on Hugging Face) and their role. They stream no answers, so they carry no
# users: memory and a little prefill beside the chat model (`bot.nlu.served_models`).
_SIDE_MODEL_TABLE: tuple[tuple[str, float, str], ...] = (
    (r"\bbge[- ]?m3\b", 0.568, "embedding"),  # huggingface.co/BAAI/bge-m3 (XLM-RoBERTa large, 568M)
    (r"\bbge[- ]?reranker[- ]?v2[- ]?m3\b", 0.568, "reranker"),  # huggingface.co/BAAI/bge-reranker-v2-m3
    (r"\bbge[- ]?reranker(?:[- ]?large)?\b", 0.560, "reranker"),  # huggingface.co/BAAI/bge-reranker-large
    (r"\bbge[- ]?reranker[- ]?base\b", 0.278, "reranker"),  # huggingface.co/BAAI/bge-reranker-base
    (r"\bbge[- ]?large(?:[- ]?(?:en|zh))?(?:[- ]?v1\.5)?\b", 0.335, "embedding"),  # huggingface.co/BAAI/bge-large-en-v1.5
    (r"\bbge[- ]?base(?:[- ]?(?:en|zh))?(?:[- ]?v1\.5)?\b", 0.109, "embedding"),  # huggingface.co/BAAI/bge-base-en-v1.5
    (r"\bbge[- ]?small(?:[- ]?(?:en|zh))?(?:[- ]?v1\.5)?\b", 0.033, "embedding"),  # huggingface.co/BAAI/bge-small-en-v1.5
    (r"\bqwen3[- ]?embedding[- ]?0\.6b\b", 0.6, "embedding"),  # huggingface.co/Qwen/Qwen3-Embedding-0.6B
    (r"\bqwen3[- ]?embedding[- ]?4b\b", 4.0, "embedding"),  # huggingface.co/Qwen/Qwen3-Embedding-4B
    (r"\bqwen3[- ]?embedding[- ]?8b\b", 7.6, "embedding"),  # huggingface.co/Qwen/Qwen3-Embedding-8B
    (r"\bqwen3[- ]?reranker[- ]?0\.6b\b", 0.6, "reranker"),  # huggingface.co/Qwen/Qwen3-Reranker-0.6B
    (r"\bqwen3[- ]?reranker[- ]?4b\b", 4.0, "reranker"),  # huggingface.co/Qwen/Qwen3-Reranker-4B
    (r"\bqwen3[- ]?reranker[- ]?8b\b", 8.2, "reranker"),  # huggingface.co/Qwen/Qwen3-Reranker-8B
    (r"\bnomic[- ]?embed(?:[- ]?text)?(?:[- ]?v1(?:\.5)?)?\b", 0.137, "embedding"),  # huggingface.co/nomic-ai/nomic-embed-text-v1.5
    (r"\b(?:multilingual[- ]?)?e5[- ]?large(?:[- ]?v2)?\b", 0.56, "embedding"),  # huggingface.co/intfloat/multilingual-e5-large
    (r"\be5[- ]?mistral[- ]?7b(?:[- ]?instruct)?\b", 7.1, "embedding"),  # huggingface.co/intfloat/e5-mistral-7b-instruct
    (r"\bjina[- ]?embeddings?[- ]?v3\b", 0.572, "embedding"),  # huggingface.co/jinaai/jina-embeddings-v3
    (r"\bjina[- ]?reranker(?:[- ]?v2)?(?:[- ]?base)?(?:[- ]?multilingual)?\b", 0.278, "reranker"),  # jinaai/jina-reranker-v2-base-multilingual
    (r"\bgte[- ]?large\b", 0.335, "embedding"),  # huggingface.co/thenlper/gte-large
    (r"\bgte[- ]?qwen2[- ]?7b(?:[- ]?instruct)?\b", 7.6, "embedding"),  # huggingface.co/Alibaba-NLP/gte-Qwen2-7B-instruct
)
SIDE_MODELS: tuple[tuple[re.Pattern[str], float, str], ...] = tuple(
    (re.compile(pattern), size_b, role) for pattern, size_b, role in _SIDE_MODEL_TABLE)
# A model said with the embedder's or reranker's job right after it ("qwen3-0.6b 做 embedding", "a 0.6b for reranking").
EMBEDDING_ROLE = _rx(r"^[^,.;]{0,8}?\b(?:embeddings?|embedder|embed)\b", r"^[^,.;]{0,8}?(?:向量|嵌入)")
RERANKER_ROLE = _rx(r"^[^,.;]{0,8}?\b(?:rerank(?:er|ing)?|re-rank(?:er|ing)?)\b", r"^[^,.;]{0,8}?(?:重排|精排)")
# A batch job said as an embedder's or reranker's work ("re-embed ~2M chunks", "re-index", "重新算向量", "建索引", "重排"):
# with such a model named nearest in its sentence, the job is that model's (`served_models.read_served_models`).
SIDE_JOB = _rx(r"\b(?:re-?)?(?:embed(?:s|ding|dings)?|vectori[sz]e|index(?:ing|es)?|rerank(?:s|ing)?|re-rank(?:s|ing)?|"
               r"score)\b|\bvectors?\b", r"向量|嵌入|索引|重排|精排")
