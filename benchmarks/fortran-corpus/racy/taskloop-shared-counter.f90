! race: yes
! A taskloop counts into a shared scalar.
program taskloop_shared_counter
  implicit none
  integer :: i, cnt
  cnt = 0
  !$omp parallel
  !$omp single
  !$omp taskloop shared(cnt)
  do i = 1, 64
    cnt = cnt + 1
  end do
  !$omp end taskloop
  !$omp end single
  !$omp end parallel
  print *, cnt
end program
