"""Chinese words of load, spend, power scope and constraints, as data (compiled in `bot.nlu.load`).

Simplified only: the text is folded from Traditional before it is read (`bot.nlu.fold`, OpenCC), so
"每個機櫃" is read as "每个机柜". Keep words here; the grammar is `bot.nlu.load`.
"""

from __future__ import annotations

from estimator.advice.export_rules import CHINESE_MAKERS

_UNHURRIED = ("不(?:赶|趕)时间", "不(?:着|用|必)?急(?!用|需|件)", "慢(?:一)?(?:点|些)?(?:也)?(?:没关系|无所谓|没事|可以)",
              "慢慢(?:出字|出|生成|来)?(?:也)?(?:没关系|无所谓|没事|可以)")

WORDS: dict[str, tuple[str, ...]] = {
    # the busiest hour of a day ("尖峰那一小时", "最忙的一个小时", "高峰时段那一小时", "下午两点到三点那一小时", normalized:
    # 尖峰那1小时, 2点到3点): a share said of it is the day's share in that hour (`bot.nlu.peak_share`)
    "busy_hour": ("(?:尖峰|高峰|峰值|最忙|最集中|最多)[^\\d,;.]{0,6}?(?:那|这|的)?\\s*1\\s*(?:个)?\\s*(?:小时|钟头)",
                  "(?:那|这)\\s*1\\s*(?:个)?\\s*(?:小时|钟头)",
                  # the traffic engineer's own word for it: "高峰小时" (the busy hour), "忙时"
                  "(?:尖峰|高峰|最忙)\\s*(?:的)?\\s*(?:小时|钟头)(?!\\s*(?:内|里|以内))|忙时",
                  "(?P<h1>\\d{1,2})\\s*(?:点|时)\\s*(?:到|至|-|~)\\s*(?P<h2>\\d{1,2})\\s*(?:点|时)"),
    # what the share is of: the day's volume ("占全天", "一天的", "当天总量", "日总量")
    "of_the_day": ("全天|全日|整天|1\\s*天(?:的|总|里)|当天|每天的|日总|总量|其中",),
    # the verb that says a share is taken of the day ("那一小时就占了四分之一")
    "share_verb": ("占(?:了|据)?",),
    # a count may run over its figure ("3万多个问题") and its noun carry a word or two of description ("2 万通客服对话",
    # "2 万则 line 讯息"); 笔 counts requests in Traditional usage ("5 萬筆請求"); 人次 counts visits, one a request
    "request_nouns": ("(?:多|余|来)?\\s*(?:个|次|条|通|笔)?\\s*(?:api\\s*)?(?:请求|调用|呼叫|来电|电话|通话|request|requests|query|queries|call|calls)",
                      "(?:多|余|来)?\\s*(?:个|位|次|通|场|则|条|笔)?\\s*[\\u4e00-\\u9fff]{0,2}?(?:客户咨询|客户|咨询|对话|会话|提问|问题|问答)",
                      # questions counted as 题 ("每人一天问 20 题", "20 道题")
                      "(?:道)?\\s*题(?![目库型])",
                      "(?:多|余|来)?\\s*(?:个|次|条|则|笔)?\\s*(?:[a-z]+\\s*)?(?:消息|讯息|信息|查询)", "人次", "次(?![方数])",
                      # what comes back, one a request ("每天 7 千条回答")
                      "(?:个|条|则|份)\\s*(?:回答|回复|答复)"),
    # items of work said per hour / minute / day ("每小时 200 份报告", "每日 5 千张单据，随到随处理")
    "item_nouns": ("(?:张|份|篇|封|条|件|笔|个|则)\\s*(?:的)?\\s*[\\u4e00-\\u9fff]{0,4}?(?:发票|单据|票据|报告|合同|合约|文档|文件|"
                      "工单|邮件|病历|订单|简历|申请|报表|表单|单子|回执|备注|评论|投诉|客诉)",
                   # pictures a vision model reads ("每小时 300 张图", "一分钟 20 张照片", "每分钟 6 张截图")
                   "(?:张|幅|帧)\\s*(?:的)?\\s*[\\u4e00-\\u9fff]{0,4}?(?:图片|照片|相片|截图|影像|图像|图|画面|扫描件)"),
    "image_nouns": ("图片|照片|相片|截图|图像|影像|(?<![地视])图(?![纸表谱])|画面",),
    # pictures counted in each request ("每个商品 5 张图", "每件案子平均上传 8 张照片", "每个请求 4 张图")
    "image_request_units": ("(?:个|件|条|次|笔|单|份|张)?(?:请求|商品|案子|案件|订单|单据|工单|调用|帖子|报告|文档|申请|理赔|件|单)",),
    "counted_images": ("(?:张|幅|页)\\s*(?:扫描)?(?:图片|照片|相片|截图|图像|图|扫描件)",),
    # (numerals are digits by now: "来一个处理一个" is read as "来1个处理1个")
    # a second load said beside the people's ("另外还有个分类流水线每秒 3 条", "再加上一个每分钟 120 条的打标任务", "外加一个每秒 4 笔的
    # 分类服务"): summed, not one load
    # a count said per second, minute or hour with its measure word alone ("每秒 3 条", "每分钟 60 份", "每秒 4 笔的分类服务"):
    # requests arriving, never tokens, people or devices
    "bare_request_measure": ("(?:条|份|笔|单|件|封|次)(?!\\s*(?:token|tok|字|词|人|位|卡|张|台|块|gb|g\\b|万|千|小时|分钟|秒))",
                             # pictures counted per unit of time ("一分钟 6 张"): cards never arrive a minute at a time
                             "(?:张|幅|帧)(?!\\s*[a-z0-9 \\-]{0,12}(?:卡|显卡|gpu|card))"),
    "load_added": ("另外", "再加上", "外加", "加上", "此外", "还有(?:一?个|一?套|一?条)", "另有", "同时还"),
    "arrives_one_by_one": ("随到随", "来[一1]\\s*[个份张条封件笔]\\s*(?:就)?(?:处理|审|做|跑)", "实时", "即时",
                           "进来就", "到了就", "[一1]进来", "陆续(?:进来|到达|提交)", "逐[个条份张]"),
    # (a member named by role: "每个坐席", "每位业务", "每个客服"; never a thing: "每个月", "每个问题")
    "per_person": ("每人", "每个人", "每位", "每名", "人均",
                   "每个\\s*(?:坐席|座席|客服|员工|同事|用户|业务|销售|工程师|研发|分析师|交易员|专员|店员|柜员|柜台|医生|护士|老师|学生|"
                   "律师|会员|成员|开发|程序员|工程|运营|审核员|质检员|客户经理|访客|顾客|客人|客户|玩家|读者|乘客|患者|病人|"
                   "医师|司机|骑手|店长|导购|技师|操作员|"
                   # each of the units counted (`unit_nouns`: "300 个租户，每个租户限额 QPS 1")
                   "租户|门店|分店|分行|网点|站点|设备|终端|机器人|账号|商户|应用)",
                   # each of the machines or places counted before it ("30 台 AOI 机台，每台每分钟送 2 张", "4 支摄影机、每支每分钟
                   # 抓 3 张", "20 家门店，每家…每 3 分钟发一次"): a sender too, counted by the same measure word (`sender_measures`)
                   "每\\s*(?:台|支|家|间|部|路)(?!\\s*(?:服务器|机器|gpu|卡|显卡|主机|节点|工作站))"),
    # how often one person asks, said as an interval and a count ("每5分钟查一次", "每隔 2 分钟提交一次", "每半小时问一次",
    # "每 30 秒查两次"); numbers are digits by now except a lone 一 / 两 before 次
    "frequency_counts": ("[一两俩]", "\\d+"),
    # the count each interval, in times or in the items made ("每 15 分钟一份", "每半小时一篇")
    # (or one of what each time brings: "每人 1 分钟传一则", "每 30 秒拍一张", "每 90 秒丢一笔告警", "每 2 分钟一条")
    "times": ("次", "份", "篇", "张", "封", "单", "则", "笔", "条"),
    "every": ("每\\s*隔?",),
    "half": ("半",),
    "interval_seconds": ("秒钟?",),
    "interval_minutes": ("分钟", "分(?![钟之])"),
    "interval_hours": ("个?\\s*小时", "个?\\s*钟头"),
    "total_sender_cue": ("总共", "一共", "整体", "系统", "全部加起来", "加起来"),
    # people counted as present ("高峰在线 300 个", "同时约 300 人在聊", "都挂在线上", "在岗"): beside each one's rate they are its
    # senders, never streams (`bot.nlu.parser`)
    "present": ("在线", "在聊", "挂着", "在岗", "上线"),
    # the measure words a count of senders is said with when each one's rate follows ("30 台…每台", "20 家…每家"): the count
    # before, its 每 after agreeing with it; never a compute device counted ("4 台服务器，每台…" is capacity, not load)
    "sender_measures": ("台", "支", "家", "间", "部", "路"),
    # units counted with 个 that send a rate or hold a quota ("300 个租户，每个租户限额 QPS 1"; 家 / 间 / 台 count them too):
    # the load is the units times the rate times the share used, and they are no head count (`bot.nlu.parser`)
    "unit_nouns": ("租户", "客户", "企业客户", "门店", "分店", "分行", "网点", "站点", "设备", "终端", "机器人", "账号", "商户", "应用",
                   "诊所", "医院", "药店", "学校", "餐厅"),
    # the share of the summed quotas used ("所有客户加起来大概只用到总配额的 15%", "只用到总额度的一成", "用到所有上限加总的两成",
    # "实际平均用到七成", "平均用到一半"; 成 is a tenth, % by now)
    "unit_share": ("(?:总|所有|全部)[^\\d,，。；]{0,10}?(?:配额|额度|上限|限额|限流|quota)[^\\d,，。；]{0,6}?(?:的)?\\s*(?:大概|大约|约|只有|只)?\\s*"
                   "(?P<pct>\\d+(?:\\.\\d+)?)\\s*%",
                   "(?:用到|用了|用掉)\\s*(?:大概|大约|约|平均)?\\s*(?P<pct2>\\d+(?:\\.\\d+)?)\\s*%",
                   "(?:用到|用了|用掉)\\s*(?:大概|大约|约)?\\s*(?P<half>一半)"),
    "not_sender_things": ("服务器", "机器", "gpu", "卡", "显卡", "主机", "节点", "工作站", "机柜", "柜"),
    # people active in a month ("月活 5 万", "月活跃用户 3 万", "mau 4 万"): a head count, each sending the monthly count
    "monthly_active_before": ("月活(?:跃)?(?:用户|会员)?(?:数|数量)?",),
    # a visit's messages ("每次平均聊 8 句", "每次问 5 个问题", "每次大概 4 则讯息"): each occasion counted is that many requests
    "occasion_messages_before": ("每次\\s*(?:平均|大概|大约|约|差不多)?\\s*(?:会)?\\s*(?:聊|问|发|提|用|来回|对话)?\\s*(?:大概|大约|约)?",),
    "occasion_messages_after": ("\\s*(?:个|条|则|轮|句)(?!\\s*(?:token|tok|字|词|汉字))\\s*(?:问题|消息|讯息|对话|话)?",
                                "\\s*(?:问题|消息|讯息)"),
    # a conversation's turns, each a request ("两千次对话，每次来回 5 轮", "每个会话平均 6 轮问答")
    "conversation_nouns": ("对话", "会话", "聊天", "咨询"),
    "turn_nouns": ("轮(?:问答|对话)?", "个?回合", "次来回"),
    "each_conversation": ("每(?:次|个|场|通)?\\s*(?:对话|会话|聊天|咨询)?\\s*(?:平均)?\\s*(?:来回)?",),
    "on_average": ("平均",),
    # requests in flight together, said before the count ("一次只处理 1 个请求", "同时 3 个请求", "并发 12 个请求"):
    # a concurrency (text is normalized to Simplified), never a rate missing its unit
    "in_flight_before": ("一次", "每次", "同时", "并发", "一起"),
    # things in flight said before their count, as what is running now ("同一时间在跑的审查大概 4 个", "同时挂着的 session
    # 大概 6 个", "正在进行中的会话一般不超过 10 个", "同一时刻开著在用的对话大概 25 个"): each one a stream, the count the
    # peak concurrency; Taiwan's 著 is left as written by the folding, 一 is a digit by now
    "in_flight_lead": ("同时", "同[一1](?:个)?(?:时间|时刻|时段|时候)", "正在", "在跑", "进行中"),
    "in_flight_hedge": ("一般", "通常", "平均", "大概", "大约", "约", "差不多", "也就", "最多", "不超过", "顶多", "基本", "就"),
    "each_second": ("每秒钟?", "[一1]\\s*秒钟?"),
    "each_minute": ("每分钟", "[一1]\\s*分钟"),
    "each_hour": ("每小时", "每个小时", "[一1]\\s*(?:个)?小时"),
    "second": ("每秒钟?", "[一1]\\s*秒钟?", "/\\s*秒"),
    "minute": ("每分钟", "[一1]\\s*分钟", "/\\s*分钟?"),
    "hour": ("每小时", "[一1]\\s*(?:个)?小时", "每个小时", "/\\s*小时"),
    "day": ("每天", "每日", "[一1]\\s*天", "日均", "/\\s*天"),
    "month": ("每个?月", "[一1]\\s*个月", "月均", "/\\s*月"),
    "daily": ("每天", "每日", "[一1]\\s*天", "日均", "/\\s*天", "每个?工作[天日]"),
    # a day's volume named by its noun, the figure after it ("日均对话量约 4 万", "每天请求数大概 2 万")
    "request_volume_nouns": ("请求|调用|对话|会话|咨询|查询|问答|提问|访问|呼叫|来电|消息|讯息",),
    # "月花 $5k", "API 月开销 1.5 万", "月烧两万美元", "月调用量 45 亿 token": a month right before a spend verb or a
    # volume is a month's (a month after a digit is a date: "3月花了")
    "monthly": ("每个?月", "[一1]\\s*个月", "月均", "/\\s*月", "月费",
                "(?<![\\d])月(?=\\s*(?:花|烧|付|开销|支出|[账帐]单|调用|使用量|用量|token))"),
    # a year's spend ("一年花了 30 万美金", "去年一整年 API 花了 84 万", "年费"): a twelfth a month
    "purchase_cue": ("预算", "买卡", "买服务器", "买机器", "采购", "硬件"),
    "yearly": ("每年", "[一1]\\s*年(?!级)", "一整年", "全年", "去年", "今年", "年均", "年度", "/\\s*年", "年费",
               "(?<![\\d])年(?=\\s*(?:花|烧|付|开销|支出|[账帐]单))"),
    "per_second_rate": ("qps", "rps"),
    "tokens": ("(?:个\\s*)?tokens?", "(?:个\\s*)?词元"),
    # a token rate over all users, not one user's speed ("总吞吐每秒8000 token", "整体每秒 6000 token")
    "total_rate_cue": ("总", "整体", "吞吐", "合计", "加起来", "集群", "全部用户", "所有用户"),
    "text_nouns": ("日志", "文本", "文档", "文件", "数据", "记录", "纪录", "邮件", "对话", "工单", "合约", "合同"),
    "spread_hours": ("(?:分布在|集中在|分散在)\\s*(?:上班|白天|工作时间|营业时间)?\\s*(?:的)?\\s*(?P<hz>\\d{1,2})\\s*个?小时",),
    "peak_factor": ("(?:高峰|峰值|尖峰|忙的时候|最忙)[^\\d,;.]{0,8}(?:平均|均值|平时|平常|平日|日常|正常)[^\\d,;.]{0,3}(?P<fz>\\d+(?:\\.\\d+)?)\\s*倍",
                    # "晚上 8 点到 11 点最多，大概是平均的两倍": the busiest time's multiple of the average
                    "(?:最多|最忙|最高)[^\\d;.。；]{0,10}?(?:是|为|有)?\\s*(?:平均|均值|平时|平常)(?:值)?的?\\s*(?P<fz2>\\d+(?:\\.\\d+)?)\\s*倍"),
    # 倒班: everyone on the roster, then the shifts ("240 个坐席，三班倒"), or each shift's own head count ("早班 60 人、
    # 晚班 40 人"); numerals are digits by now ("三班倒" reads "3班倒")
    "shifts_total": ("(?P<n>\\d[\\d,]*)\\s*(?:个|位|名)?\\s*[\\u4e00-\\u9fff]{0,4}?\\s*[,，、]?\\s*(?:分|实行|是|搞)?\\s*(?P<k>[1-4])\\s*班(?:倒|轮班|制)",),
    "shift_each": ("(?:早班|白班|日班|晚班|夜班|中班|大夜班|小夜班)\\s*(?:大概|大约|约|有)?\\s*(?P<s>\\d[\\d,]*)\\s*(?:个|位|名)?\\s*(?:人|同事|坐席|座席|客服)",),
    "base_cue": ("平时", "平常", "通常", "一般", "日常", "大部分时间", "平均", "平日", "闲时", "整天", "全天(?!候)"),
    # a peak's time said instead of the word ("月初结账时", "发版前", "旺季"), or a rise to it ("会到 120 个")
    "peak_cue": ("高峰", "尖峰", "峰值", "最多", "最高", "忙时", "最忙", "忙的时候", "早上\\d", "上午\\d",
                 "月初", "月底", "月末", "季末", "年底", "结账", "结帐", "旺季", "大促", "促销", "发版", "上线前",
                 "会到", "会涨到", "能到", "涨到", "冲到", "飙到", "升到",
                 # a clock time ("下午 2 点出报告那会儿", "每朝9点开市前"), a market's open or a shift change
                 "\\d{1,2}\\s*点", "开市", "开盘", "收盘", "交班", "交更"),
    # "at once" said of the larger count beside a usual load marks the peak ("大概 80 个人一起用"; Cantonese 一齐)
    "at_once_cue": ("同时", "一齐", "一起", "并发"),
    "clause_break": ("但是", "但系", "但", "不过", "可是"),
    # a spend verb or bill right before a bare amount ("每月API花2万"): yuan (or NT$ in Traditional text)
    "spend_word": ("花费?", "烧掉?", "[账帐]单(?:是|为|大概|约)?", "费用(?:是|为|大概|约)?", "支出", "开销"),
    # 每百万 token 的价格（"输入 0.8 元/百万 token"、"输出 5 美元每百万 token"）
    "per_million": ("/\\s*百万\\s*(?:个\\s*)?(?:tokens?)?", "每\\s*百万\\s*(?:个\\s*)?(?:tokens?)?"),
    # 账单里输出占七成：钱的占比说的是账单
    "bill_nouns": ("[账帐]单", "花费", "费用", "开销", "支出"),
    "spend_context": ("api", "[账帐]单", "费用", "花费", "开销", "支出", "花", "付", "烧"),
    "daily_active_cue": ("日活(?:跃)?(?:率|用户数?|比例|占比)?", "每日活跃", "每[天日](?:都)?(?:会)?(?:在)?用(?:的)?"),
    # one person per device ("一部机对一个客人", "每台终端只服务一位访客", "一台车一个司机用"): every box serves a single user
    "one_user_per_device": (
        "(?:1|每)\\s*(?:部|台|个|套|间)\\s*[^\\d,;.!?]{0,8}?(?:只)?\\s*(?:对应?|服务|给|配|供|带)?\\s*(?:1|一)\\s*(?:个|位|名)\\s*(?:{person})",),
    "device_user_nouns": ("客人", "客户", "顾客", "用户", "使用者", "访客", "病人", "患者", "住客", "司机", "员工", "学生",
                          "操作员", "乘客", "人"),
    # a day's word before, and the use after, a count of people ("每日大约 100 人会用"): those active that day
    "daily_word": ("每天", "每日"),
    "daily_use_verb": ("(?:都)?(?:会)?(?:在)?(?:使)?用",),
    "site_nouns": ("门店", "店铺", "分店", "店", "分行", "支行", "网点", "营业厅", "营业部", "工厂", "厂区", "厂", "加油站", "站点",
                   "站", "据点", "医院", "诊所", "门市", "仓库", "学校", "校区", "酒店", "药店", "分公司", "办事处", "自助机",
                   "自助终端", "终端", "一体机", "机器人", "车"),
    # each site gets its own box ("每家门店一台", "每个分行一台", "各放一台", "每站一台小盒子", "每台都要能离线跑")
    "per_site": ("每(?:家|个|间|座|所|处)?\\s*(?:{site})?\\s*(?:都)?\\s*(?:各)?\\s*(?:放|部署|装|配置?|上|用)?\\s*(?:1|一)\\s*(?:台|套|部|个盒子)",
                 "各(?:自)?\\s*(?:放|部署|装|加|配置?|上)\\s*(?:1|一)\\s*(?:台|套|部|个\\s*(?:小)?(?:计算)?(?:模块|盒子|设备))",
                 "每台都"),
    "per_site_budget": ("(?:每|单)\\s*(?:台|套|个|家|间|处)?\\s*(?:{site}|设备|机器|盒子)?\\s*(?:的)?\\s*(?:预算|成本|价格)",
                        "预算[^。；，,]{0,10}(?:每|单)\\s*(?:台|套|家|店|个站点|处)"),
    "share_cue": ("同时", "在用", "在线", "并发", "活跃"),
    "per_rack": ("每个?机柜", "每个?机架", "单个?机柜", "单个?机架", "每柜", "机柜.{0,4}(?:上限|最多|限制|不能超过)"),
    # (a fleet's module: "每个模块功耗不能超过 15W", "单个模块 15W 以内")
    "per_server": ("单台(?:服务器|机器|主机)?", "每台(?:服务器|机器|主机)?", "单机", "每个节点", "(?:每|单)个?\\s*(?:计算)?(?:模块|盒子)"),
    "racks": ("(?:个)?\\s*机柜", "(?:个)?\\s*机架"),
    "lora": ("(?:个)?\\s*lora\\s*(?:适配器|adapter)?", "(?:个)?\\s*适配器"),
    "vendor_exclusion_cue": ("不能用", "不可以用", "不允许用", "不准用", "不得使用", "不得用", "禁用", "禁止使用?", "不用", "不要用?",
                             "别用", "排除", "不考虑", "不能采购", "不能买"),
    # one maker only, the cue before its name ("必须用华为的卡", "只能上昇腾", "只用寒武纪"): the buy is that maker's
    "vendor_only_cue": ("只收", "只接受", "只允许", "只认可", "只能用", "只能上", "只能买", "只能采购", "只用", "只上", "只买", "只采购", "必须用", "必须上", "必须买",
                        "必须采购", "一律用", "仅限", "限定", "指定用?", "只认"),
    "vendor.NVIDIA": ("英伟达", "n卡", "辉达"),
    "vendor.AMD": ("a卡", "超威"),
    "vendor.Intel": ("英特尔",),
    "vendor.Apple": ("苹果",),
    "vendor.Huawei": ("华为",),
    # a maker's chip brand, read only where the buyer is limited to it ("只能上昇腾"; in a list of makers ruled out,
    # "不能用英伟达，昇腾要几张" names what they ask about): the fold to Simplified writes 昇腾 as 升腾
    "brand.Huawei": ("[昇升]腾",),
    "brand.Cambricon": ("思元",),
    "brand.Kunlunxin": ("昆仑",),
    "vendor.Cambricon": ("寒武纪",),
    "vendor.Hygon": ("海光",),
    "vendor.Moore Threads": ("摩尔线程",),
    "vendor.Biren": ("壁仞",),
    "vendor.Iluvatar CoreX": ("天数智芯",),
    "vendor.MetaX": ("沐曦",),
    "vendor.Enflame": ("燧原",),
    "vendor.Kunlunxin": ("昆仑芯",),
    # the buyer is in mainland China (US export rules decide what can be sold there): "大陆公司", "深圳厂区", "出口管制",
    # "采购只能走国内渠道"; a city of the mainland said with the buyer ("我们在苏州", "北京的实体")
    "buyer_in_china": ("大陆(?!以外|之外|外)", "出口管制", "禁运", "(?:美国|美方)的?(?:制裁|禁令|管制|出口限制)",
                       "国内(?:的)?(?:采购|渠道|管道|市场|买|购买|供应|现货)", "国内\\s*(?:能|可以)\\s*(?:买|采购|拿)得?到",
                       "(?:北京|上海|深圳|杭州|苏州|广州|成都|武汉|南京|东莞|昆山|天津|重庆|西安|合肥|厦门|青岛|无锡|宁波|长沙|郑州|"
                       "济南|沈阳|大连|佛山|珠海)"),
    # a mainland site said of the buyer's servers ("国内机房", "放在国内的数据中心"): bought and run in mainland China
    "buyer_in_china_site": ("国内(?:的)?\\s*(?:机房|数据中心|idc|云上|服务器|部署)",),
    # the buyer is in Taiwan ("我們在新竹", "台北的金融業", "竹科"): no Chinese maker's parts are sold there. A city
    # whose name begins with 台 is not "一台中等配置" (a count word before it).
    "buyer_in_taiwan": ("台湾(?!以外|之外|外)", "(?<![\\d一两二三四五六七八九十几每单整这那哪多])(?:台北|台中|台南)",
                        "新竹", "高雄", "新北", "基隆", "嘉义", "彰化", "竹科", "屏东", "宜兰", "苗栗"),
    # China's domestic-IT rules and preferences, said by a buyer in mainland China (信创, 国产化, 国产优先) when no site
    # says otherwise (`load`: a Taiwanese site outranks them, and there 国产 means made in Taiwan)
    "mainland_rule": ("信创", "国产化", "国产\\s*(?:卡|芯片|算力|硬件|设备|加速卡|gpu|npu|方案|替代)", "国产\\s*(?:优先|为主)",
                      "(?:优先|尽量|首选|倾向于?)\\s*(?:考虑|用|使用|采购|选|选择|上)?\\s*国产",
                      "(?:只能|必须|要求|需要|一定要)\\s*(?:用|上|采购)?\\s*国产"),
    # a preference for the domestic makers, not a rule ("国产优先", "国产化优先但不强求", "信创优先", "尽量用国产卡",
    # "优先考虑国产"): their option leads when it meets the targets at a price within reach (`advice.preference`)
    "domestic_preferred": ("(?:国产|国产化|信创)\\s*(?:卡|芯片|算力|硬件|设备|方案)?\\s*(?:优先|为主|为先)",
                           "(?:优先|尽量|首选|倾向于?)\\s*(?:考虑|用|使用|采购|选|选择|上)?\\s*国产"),
    # one maker preferred ("优先考虑昇腾", "华为优先", "首选华为", "尽量上昇腾"): the cue before or after its name
    "vendor_preferred_cue": ("优先\\s*(?:考虑|用|使用|采购|选|选择|上)?", "首选", "尽量\\s*(?:用|使用|采购|选|上)", "倾向于?\\s*(?:用|选)?"),
    "vendor_preferred_after": ("\\s*(?:的卡|的)?\\s*(?:优先|为主|为先)",),
    # a maker ruled out with the cue after its name ("英伟达、AMD 都不能用", "n卡一律不用"; not "英伟达不行的话")
    "vendor_exclusion_after": ("\\s*(?:的卡|的)?\\s*(?:都|也|一律|全部)?\\s*(?:不能用|不可以用|不允许用|不准用|不能采购|不能买|禁用|不考虑)(?!的话)",),
    # 信创 (China's domestic-IT procurement rule) and its paraphrases: domestic makers only ("只能用国产卡",
    # "必须国产化", "不能采购进口显卡"); "国产卡也可以考虑" (domestic cards welcome too) is no rule, and neither is a
    # preference: "要求国产卡优先", "国产化优先但不强求", "信创优先" rank domestic cards first, they do not rule others out
    "domestic_only": ("信创(?!\\s*优先)", "(?<!安)(?<!完)全(?:栈)?\\s*国产(?:化)?(?![^，。,;；]{0,6}优先)", "(?:全面|全|必须|要求|需要|一定要|规定要?|(?<!不)要)\\s*国产化(?![^，。,;；]{0,6}优先)",
                      "(?:只能|必须|只|仅|要求|需要|一定要)\\s*(?:用|使用|采购|买|选)?\\s*国产(?!化)(?![^，。,;；]{0,6}优先)",
                      "不(?:能|可以|允许|得)\\s*(?:用|使用|采购|买)\\s*(?:国外|进口|外国|海外)"),
    # 只有点名的设备能买（"就这俩能买到"、"别的都买不到"、"只买得到 4090D 跟 L20"、"二选一"）: the candidates are the named ones.
    # (normalized: 俩/两 may read 2, 一 reads 1)
    "named_only": ("就这\\s*(?:俩|两|2)\\s*(?:个|款|种|张|样)?\\s*(?:能|可以)?\\s*(?:买|采购|拿)(?:得)?到",
                   "(?:别的|其他的?|其它的?|其余的?)\\s*(?:卡|型号|设备)?\\s*(?:都|也)?\\s*(?:买|采购|拿)不到",
                   "只(?:能|有)?\\s*(?:买|采购|拿)得?到", "只能\\s*(?:买|采购|选)\\s*这", "(?:2|两)\\s*选\\s*(?:1|一)",
                   "只有这\\s*(?:俩|两|2|几)\\s*(?:个|款|种)?\\s*(?:能|可以)\\s*(?:买|选)",
                   # "别推荐别的了", "不要推荐其他的": the named ones are the only answer wanted
                   "(?:别|不要|不用)\\s*(?:再)?\\s*推荐\\s*(?:别的|其他|其它|其余)",
                   # "国内能买到的卡都行（H20、L20、4090D）": what can be bought is listed, any of it will do
                   "(?:能|可以)\\s*(?:买|采购|拿)得?到的\\s*(?:卡|型号|设备)?\\s*都(?:行|可以)"),
    # 怀疑点名的采购是否必要（"有必要吗"、"真的需要吗"、"是不是太多"、"能不能别上 8 卡"、"杀鸡用牛刀"）: a yes/no from above,
    # answered "no" by any smaller purchase that meets the targets (`recommend`); "够吗" asks from below. (folded text)
    "named_doubted": ("有必要(?:吗|嘛|么|不)", "(?:真的|真)\\s*(?:需要|要)\\s*(?:吗|嘛|么|[?？])", "没(?:有)?必要", "用不着",
                      "是不是\\s*(?:太多|太大|过剩|浪费|过头)", "(?:太多|太大|过剩|过头)\\s*(?:了)?\\s*(?:吧|吗|嘛|[?？])",
                      "我觉得\\s*(?:太多|太大|过剩|浪费)", "大材小用", "杀鸡(?:焉)?用牛刀",
                      "(?:能不能|可不可以|可以)\\s*(?:别|不|不用)\\s*(?:上|买|采购)", "要不要\\s*(?:直接)?\\s*(?:上|买)",
                      # "还是其实不用那么大"、"合理吗"、"小一点的就够"
                      "不(?:用|需要)\\s*(?:那么|这么)\\s*(?:大|多)", "合理(?:吗|嘛|么|[?？])",
                      "(?:小|少)\\s*(?:一|1)?\\s*(?:点|些)\\s*(?:的)?\\s*(?:就|也)?\\s*(?:行|够|可以)"),
    "cpu_arch.x86": ("(?:一定|必须|只能|得|要求)\\s*(?:要|是|用)?\\s*x86", "x86\\s*(?:的)?\\s*(?:才行|才可以|架构才)",
                     "arm\\s*(?:的|架构的?)?\\s*(?:不行|不可以|不能用|不要|不收)", "(?:不能|不要|不收|不接受)\\s*(?:用)?\\s*arm"),
    "cpu_arch.arm": ("(?:一定|必须|只能)\\s*(?:要|是|用)?\\s*arm",),
    "fanless": ("无风扇", "被动散热", "(?:不能|不可以|不要|没有|没)\\s*(?:有)?\\s*风扇"),
    # Where the box stands (`Workload.placement`), read desk, office, server room, first match: "没有机房" is an office
    "placement.desk": ("(?:书)?桌(?:子)?\\s*(?:下面|底下|下|旁边|边|旁)", "卧室"),
    "placement.office": ("(?:没有|没|无|不是)\\s*(?:专门的|独立的)?\\s*机房", "(?:放|摆|搁)\\s*(?:在)?\\s*(?:公司|我们)?\\s*(?:的)?\\s*办公室",
                         "办公室(?:里|内)?[^，,。；;]{0,6}?(?:不能|不要|别|不可以)\\s*太吵", "(?:不能|不要|别|不可以)\\s*太吵",
                         "(?:要|得|必须|需要|尽量)\\s*安静", "静音", "噪音\\s*(?:要)?\\s*(?:小|低)"),
    "placement.datacenter": ("(?<![没无])机房", "数据中心", "\\bidc\\b", "机柜"),
    # (text is folded to Simplified and numerals are digits: "第一個 token" -> "第1个 token")
    "ttft_irrelevant": ("首\\s*(?:字|token|个\\s*token)\\s*(?:延迟|时间|快慢|速度|多久出来)?\\s*(?:也)?\\s*(?:无所谓|不重要|不在乎|没要求|不关心|没关系)",
                        "(?:不在乎|不关心|不管)\\s*首\\s*(?:字|token|个\\s*token)",
                        "第\\s*[1一]\\s*个?\\s*(?:token|字)[^，。,;；]{0,8}?(?:无所谓|不重要|不在乎|没关系)"),
    "air_gapped": ("内网环境", "纯内网", "完全内网", "只能内网", "必须(?:本地|私有化)部署", "只能(?:本地|私有化)部署",
                   "一定要\\s*on[- ]?prem", "完全离线", "物理隔离", "隔离网络?", "断网", "不能(?:连外|联网|上网|出网|上云)",
                   "不能用(?:任何)?(?:云|公有云|外部api|云服务)", "不允许(?:上云|联网|用云)", "数据不(?:能|可以)出",
                   # the same rule in other words (text is folded to Simplified: "不能連外網" -> "不能连外网",
                   # "完全沒有對外網路" -> "完全没有对外网路"); "地端" is the Taiwanese word for on-premises
                   "涉密", "不(?:能|可以|允许|得)?\\s*(?:接|连|接入|连接|访问|上|走)\\s*(?:互联网|外网|公网|因特网)",
                   "(?:机器|服务器|设备|环境|系统)?不(?:联|连)网", "离线(?:部署|环境|运行|使用)", "只能离线", "纯离线",
                   "(?:没有|无|没)\\s*(?:对外|外部)?\\s*(?:网路|网络|外网|连网|联网)", "封闭(?:网路|网络|环境)",
                   "(?:一定要|必须|只能)\\s*(?:地端|私有化|本地化)", "(?:数据|资料)不(?:能|可以|得)(?:出|离开)"),
    # the device asked for is a laptop ("买一台笔记本", "笔電" -> "笔电", "轻薄本"; "macbook" is in the English words); not one ruled out
    "laptop_form": ("(?<!不是)(?<!不要)(?<!不用)(?:笔记本(?:电脑)?|笔记型电脑|笔电|轻薄本|游戏本|手提电脑)(?!\\s*(?:太慢|不够|跑不动|带不动))",),
    "careful_quantization": ("不要?(?:随便|随意|轻易|过度)量化", "不能(?:随便|随意|轻易)?量化", "精度(?:不能|不可以)(?:掉|降|损失)",
                             "不能(?:掉|损失)精度", "精度掉了",
                             # the quality said not to drop ("质量不能下降", "效果不能打折")
                             "(?:质量|品质|效果|准确率)(?:不能|不可以|不得|不允许)(?:下降|掉|降|打折|变差)"),
    "mixed_training": ("同[一1](?:批|台|套|组)?(?:机器|硬件|服务器|gpu|卡).{0,12}(?:训练|微调)",
                       "(?:训练|微调).{0,12}同[一1](?:批|台|套|组)?(?:机器|硬件|服务器|gpu|卡)"),
    # The per-user speed said in words, as seed 1's band (text is folded to Simplified: "體驗不要太差" -> "体验不要太差",
    # "順暢" -> "顺畅"); the acceptable words first, since they hold the fast words they deny ("不用特别快").
    "speed_acceptable": ("体验(?:别|不要|不能|不会|不至于)太差", "(?:别|不要|不能|不会|不至于)太慢",
                         "(?:能用|够用|堪用|可用|凑合)就(?:行|好|可以|够)", "可以接受就(?:行|好|可以)",
                         "不(?:追求|求|用|需要|必|一定要)(?:特别|很|太|多|那么|非常|极)?快", "不(?:追求|求|看重|在乎)速度",
                         "速度(?:过得去|一般|普通|还行|说得过去|正常)(?:就|即可)",
                         "跟得?上(?:人的?|用户的?)?阅读", "(?:别|不要)让人等太久", "速度(?:没|不)(?:什么|太高|太大)?要求",
                         # no hurry for the answers (the `unhurried` words)
                         *_UNHURRIED),
    # No hurry for the answers, said outright ("不赶时间", "不急，慢慢出字没关系", "慢点无所谓"; Traditional folded to
    # Simplified): the acceptable band for a purchase, and owned hardware is enough once it streams faster than people read.
    "unhurried": _UNHURRIED,
    "speed_comfortable": ("流畅", "顺畅", "像\\s*chatgpt", "(?:速度|出字|响应|回复|生成|回答)\\s*(?:一定|必须|得)?\\s*要\\s*(?:很|够|非常|特别)?快(?!速)",
                          "一定要\\s*(?:很|够|非常)?快(?!速)", "要够快", "不能(?:太)?卡", "不要一(?:卡|顿)一(?:卡|顿)", "一(?:卡|顿)一(?:卡|顿)"),
    # the engine named in Chinese words around its (Latin) name is the English lexicon's; only the denial is Chinese
    "engine_denied": ("(?:不用|不想用|不打算用|不再用|弃用|换掉|替换掉|而不是|不是)\\s*$",),
    # prompts that share their beginning ("开了 prefix cache", "前缀缓存", Taiwanese 快取 folded alike)
    "prefix_caching": ("前缀(?:缓存|快取|cache)", "(?:开|启用|打开)了?\\s*(?:prefix|前缀)", "提示词缓存"),
    "no_prefix_caching": ("(?:没|没有|不|未)(?:开|启用|打开)\\s*(?:prefix|前缀)",
                          "(?:prefix|前缀)\\s*(?:cach(?:e|ing)|缓存|快取)?\\s*(?:给|被)?(?:关|没开|关闭|禁用)",
                          "(?:关|关闭|关掉|禁用)了?\\s*(?:prefix|前缀)"),
    # each request is a turn of a session that re-sends the conversation so far ("多轮对话", "来回二三十轮", "对话历史")
    "session_history": ("多轮", "来回\\s*(?:\\d+(?:-\\d+)?|几|好几|十几)?\\s*轮", "(?:对话|聊天|会话)(?:历史|记录)",
                        "历史(?:对话|消息|记录)", "聊到后面"),
    # the sessions whose context is said ("16 个会话 … 上下文一般 5 到 9 万"): their turns re-send it
    "session_nouns": ("会话", "对话", "session"),
    "history_nouns": ("上下文",),
    # (numbers are digits by the time words are read: 同一 reads 同1)
    "shared_cue": ("共用", "共享", "相同", "一样", "同[一1]", "固定", "不变", "复用", "重复"),
    "prefix_nouns": ("system\\s*prompt", "系统提示词?", "系统提示语", "前缀", "前面", "开头", "话术", "模板", "知识库", "repo",
                     "代码库", "codebase", "上下文", "文档", "资料"),
    "most": ("大部分", "大多数?", "绝大部分", "多半", "主要"),
    "context_nouns": ("上下文", "提示词?", "repo", "代码库", "codebase", "前缀", "system\\s*prompt"),
    "channels": ("路(?:\\s*并发)?\\s*(?:通话|电话|呼叫|语音|视频|流|会话|坐席)?",),
    # Calls counted with 通 ("100 通电话") are a count of calls: at once only with a word that says so before it
    # ("同时 100 通电话", "并发 300 通通话", "同一时间最多 60 通") or 在线 after it; "每天 3000 通电话" is a daily count.
    "at_once_before": ("同时", "并发", "同一时间", "同一时刻", "高峰期?同时"),
    "calls_counted": ("通\\s*(?:电话|通话|呼叫|语音)",),
    "calls_online": ("通\\s*(?:电话|通话)?\\s*(?:在线|同时)",),
}

# The makers a domestic-only rule allows (信创: China's domestic accelerators), each a "vendor.<name>" entry above:
# Huawei (Ascend), Cambricon (MLU), Hygon (DCU), Moore Threads (MTT), Biren (BR), Iluvatar CoreX, MetaX (MXC),
# Enflame (GCU), Kunlunxin (Baidu's Kunlun chips).
DOMESTIC_VENDORS: tuple[str, ...] = CHINESE_MAKERS

__all__ = ["DOMESTIC_VENDORS", "WORDS"]
