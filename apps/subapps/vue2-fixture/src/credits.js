import { page } from './page';

export default page('积分设置 credits', 'vue2-credits');
