import type { ContentRoute } from './content-route.ts'

/** GET /api/projects/project: the project list of projects.yaml. */
export const projectList: ContentRoute = async (app, { content }) => {
  app.get('/projects/project', async () => ({ project: content.projects }))
}
