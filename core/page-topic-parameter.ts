/** The query parameter that carries the topic of the page a visitor asked for information from. */
export const topicParameter = "topic";
